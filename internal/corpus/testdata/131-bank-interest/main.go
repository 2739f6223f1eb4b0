// Compound interest and a loan amortization table with careful rounding to cents.
package main

import (
	"fmt"
	"math"
)

type Cents int64

func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d", sign, c/100, c%100)
}

func toCents(x float64) Cents { return Cents(math.Round(x * 100)) }

func payment(principal float64, yearlyRate float64, months int) float64 {
	r := yearlyRate / 12
	return principal * r / (1 - math.Pow(1+r, float64(-months)))
}

func main() {
	balance := 1000.0
	for year := 1; year <= 3; year++ {
		balance *= 1.05
		fmt.Printf("year %d: %v\n", year, toCents(balance))
	}

	principal, rate, months := 5000.0, 0.06, 6
	p := payment(principal, rate, months)
	fmt.Println("monthly payment:", toCents(p))
	fmt.Printf("%-5s %10s %10s %10s\n", "month", "interest", "principal", "balance")
	left := principal
	var totalInterest Cents
	for m := 1; m <= months; m++ {
		interest := left * rate / 12
		left -= p - interest
		totalInterest += toCents(interest)
		fmt.Printf("%-5d %10v %10v %10v\n", m, toCents(interest), toCents(p-interest), toCents(math.Abs(left)))
	}
	fmt.Println("total interest:", totalInterest, Cents(-1234))
}
