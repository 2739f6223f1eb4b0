// Time: fixed dates, formatting layouts, arithmetic, parsing and time zones.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2009, time.November, 10, 23, 4, 5, 651387237, time.UTC)
	fmt.Println(t)
	fmt.Println(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond())
	fmt.Println(t.Weekday(), t.YearDay(), t.Location())
	fmt.Println(t.Format(time.RFC3339))
	fmt.Println(t.Format(time.RFC3339Nano))
	fmt.Println(t.Format("3:04PM"))
	fmt.Println(t.Format("Mon Jan _2 15:04:05 2006"))
	fmt.Println(t.Format("2006-01-02T15:04:05.999999-07:00"))
	fmt.Println(t.Format(time.Kitchen), t.Format(time.DateOnly), t.Format(time.DateTime))
	fmt.Printf("%d-%02d-%02dT%02d:%02d:%02d\n", t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second())

	later := t.Add(36*time.Hour + 30*time.Minute)
	fmt.Println(later.Format(time.ANSIC))
	diff := later.Sub(t)
	fmt.Println(diff, diff.Hours(), diff.Minutes())
	fmt.Println(t.Before(later), t.After(later), t.Equal(t.UTC()))
	fmt.Println(t.AddDate(0, 3, 25).Format(time.DateOnly))
	fmt.Println(t.Truncate(time.Hour).Format(time.TimeOnly), t.Round(time.Second).Format(time.StampMilli))

	p, err := time.Parse("2006-01-02 15:04", "2024-02-29 08:15")
	fmt.Println(p, err)
	_, err = time.Parse(time.DateOnly, "2024-13-01")
	fmt.Println(err)
	zone := time.FixedZone("UTC+2", 2*60*60)
	fmt.Println(t.In(zone).Format(time.RFC1123Z))
	fmt.Println(t.Unix(), time.Unix(1700000000, 0).UTC())
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	end := time.Date(2024, 12, 25, 0, 0, 0, 0, time.UTC)
	fmt.Println("days until Christmas:", int(end.Sub(start).Hours()/24))
}
