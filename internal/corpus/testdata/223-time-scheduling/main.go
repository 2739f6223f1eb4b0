// Time arithmetic for a schedule: durations, adding days, weekdays, truncation, month ends and ISO weeks.
package main

import (
	"fmt"
	"time"
)

type Meeting struct {
	Title string
	Start time.Time
	Dur   time.Duration
}

func (m Meeting) End() time.Time { return m.Start.Add(m.Dur) }

func overlaps(a, b Meeting) bool {
	return a.Start.Before(b.End()) && b.Start.Before(a.End())
}

func main() {
	base := time.Date(2024, time.January, 29, 9, 30, 0, 0, time.UTC)
	ms := []Meeting{
		{"standup", base, 15 * time.Minute},
		{"review", base.Add(10 * time.Minute), time.Hour},
		{"lunch", base.Add(3 * time.Hour), 45 * time.Minute},
	}
	for _, m := range ms {
		fmt.Printf("%-8s %s-%s (%v)\n", m.Title, m.Start.Format("15:04"), m.End().Format("15:04"), m.Dur)
	}
	fmt.Println(overlaps(ms[0], ms[1]), overlaps(ms[1], ms[2]))

	for i := 0; i < 5; i++ {
		d := base.AddDate(0, 0, i)
		_, week := d.ISOWeek()
		fmt.Println(d.Format("Mon 2006-01-02"), d.Weekday() == time.Saturday || d.Weekday() == time.Sunday, week)
	}

	endOfMonth := time.Date(2024, time.February+1, 0, 0, 0, 0, 0, time.UTC)
	fmt.Println(endOfMonth.Format("2006-01-02"), endOfMonth.YearDay())
	fmt.Println(base.AddDate(0, 1, 0).Format(time.DateOnly))

	d := 3*time.Hour + 25*time.Minute + 45*time.Second + 500*time.Millisecond
	fmt.Println(d, d.Round(time.Minute), d.Truncate(time.Hour), d.Minutes())
	fmt.Printf("%02d:%02d\n", int(d.Hours()), int(d.Minutes())%60)

	deadline := time.Date(2024, 12, 25, 0, 0, 0, 0, time.UTC)
	left := deadline.Sub(base)
	fmt.Printf("%.0f days left\n", left.Hours()/24)
	t1, err := time.Parse("2006-01-02 15:04", "2024-03-10 14:45")
	fmt.Println(t1, err, t1.Truncate(time.Hour).Format(time.Kitchen))
	_, err = time.Parse("2006-01-02", "2024-13-01")
	fmt.Println(err)
}
