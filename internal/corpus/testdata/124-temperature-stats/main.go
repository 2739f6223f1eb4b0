// Statistics of a week of temperature readings: mean, median, standard deviation and a histogram.
package main

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

type Reading struct {
	Day  string
	Temp float64
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func median(xs []float64) float64 {
	c := append([]float64(nil), xs...)
	sort.Float64s(c)
	n := len(c)
	if n%2 == 1 {
		return c[n/2]
	}
	return (c[n/2-1] + c[n/2]) / 2
}

func stddev(xs []float64) float64 {
	m := mean(xs)
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v / float64(len(xs)))
}

func main() {
	week := []Reading{{"Mon", 21.5}, {"Tue", 23.0}, {"Wed", 19.75}, {"Thu", 25.25}, {"Fri", 22.0}, {"Sat", 27.5}, {"Sun", 24.0}}
	temps := make([]float64, len(week))
	hottest := week[0]
	for i, r := range week {
		temps[i] = r.Temp
		if r.Temp > hottest.Temp {
			hottest = r
		}
	}
	fmt.Printf("mean %.2f median %.2f stddev %.3f\n", mean(temps), median(temps), stddev(temps))
	fmt.Printf("hottest: %+v\n", hottest)
	for _, r := range week {
		bar := strings.Repeat("#", int(math.Round(r.Temp-15)))
		fmt.Printf("%s %5.2f %s\n", r.Day, r.Temp, bar)
	}
	above := 0
	for _, t := range temps {
		if t > mean(temps) {
			above++
		}
	}
	fmt.Println("days above the mean:", above)
}
