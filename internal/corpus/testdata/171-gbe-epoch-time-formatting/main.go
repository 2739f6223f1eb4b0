// Go by Example: epoch seconds and time formatting and parsing with layouts, on a fixed time.
package main

import (
	"fmt"
	"time"
)

func main() {
	p := fmt.Println

	t := time.Date(2024, time.February, 29, 15, 4, 5, 123456789, time.UTC)
	p(t.Unix())
	p(t.UnixMilli())
	p(t.UnixNano())

	p(time.Unix(t.Unix(), 0).UTC())
	p(time.Unix(0, t.UnixNano()).UTC())

	p(t.Format(time.RFC3339))

	t1, e := time.Parse(
		time.RFC3339,
		"2012-11-01T22:08:41+00:00")
	p(t1)

	p(t.Format("3:04PM"))
	p(t.Format("Mon Jan _2 15:04:05 2006"))
	p(t.Format("2006-01-02T15:04:05.999999-07:00"))
	form := "3 04 PM"
	t2, e := time.Parse(form, "8 41 PM")
	p(t2)

	fmt.Printf("%d-%02d-%02dT%02d:%02d:%02d-00:00\n",
		t.Year(), t.Month(), t.Day(),
		t.Hour(), t.Minute(), t.Second())

	ansic := "Mon Jan _2 15:04:05 2006"
	_, e = time.Parse(ansic, "8:41PM")
	p(e)

	loc := time.FixedZone("UTC+2", 2*60*60)
	p(t.In(loc).Format(time.RFC1123Z))
	p(t.Format(time.Kitchen), t.Format(time.DateOnly), t.Format(time.StampMilli))
}
