// Durations: constants, printing, parsing, rounding and a fake stopwatch.
package main

import (
	"fmt"
	"time"
)

type lap struct {
	name string
	d    time.Duration
}

func main() {
	d := 90 * time.Minute
	fmt.Println(d, d.Hours(), d.Minutes())
	fmt.Println(1500*time.Millisecond, 2*time.Microsecond, 3*time.Nanosecond, time.Duration(0))
	pd, err := time.ParseDuration("1h15m30.5s")
	fmt.Println(pd, err, pd.Seconds())
	_, err = time.ParseDuration("5 minutes")
	fmt.Println(err)
	fmt.Println(pd.Round(time.Minute), pd.Truncate(time.Hour))
	fmt.Printf("%v %d %s %.1f\n", d, d, d, d.Seconds())

	laps := []lap{{"warmup", 95 * time.Second}, {"sprint", 42*time.Second + 310*time.Millisecond}, {"cooldown", 3 * time.Minute}}
	var total time.Duration
	for _, l := range laps {
		total += l.d
		fmt.Printf("%-9s %8v\n", l.name, l.d)
	}
	fmt.Println("total", total, "average", total/time.Duration(len(laps)))
	timeout := 250 * time.Millisecond
	fmt.Println(timeout > 200*time.Millisecond, time.Duration(1<<63-1))
	start := time.Date(2024, 5, 1, 9, 0, 0, 0, time.UTC)
	deadline := start.Add(2 * time.Hour)
	fmt.Println(deadline.Sub(start.Add(45 * time.Minute)))
}
