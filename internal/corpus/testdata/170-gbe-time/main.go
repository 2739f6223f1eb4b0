// Go by Example: time values built with time.Date, their parts, comparisons and durations.
package main

import (
	"fmt"
	"time"
)

func main() {
	p := fmt.Println

	then := time.Date(
		2009, 11, 17, 20, 34, 58, 651387237, time.UTC)
	p(then)

	p(then.Year())
	p(then.Month())
	p(then.Day())
	p(then.Hour())
	p(then.Minute())
	p(then.Second())
	p(then.Nanosecond())
	p(then.Location())

	p(then.Weekday())

	now := time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	p(then.Before(now))
	p(then.After(now))
	p(then.Equal(now))

	diff := now.Sub(then)
	p(diff)

	p(diff.Hours())
	p(diff.Minutes())
	p(diff.Seconds())
	p(diff.Nanoseconds())

	p(then.Add(diff))
	p(then.Add(-diff))

	p(then.Truncate(time.Hour), then.AddDate(0, 1, 15).YearDay())
	d, _ := time.ParseDuration("1h15m30.5s")
	p(d, d.Round(time.Minute), time.Duration(1500)*time.Microsecond)
}
