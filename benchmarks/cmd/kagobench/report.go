package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
)

// table is one result table, printed as Markdown and written as CSV (long
// format: one value per line).
type table struct {
	id      string // "1", "2", ...
	title   string
	backend string
	cols    []string
	rows    [][]string
	notes   []string
}

func (t *table) add(cells ...string) { t.rows = append(t.rows, cells) }

func (t *table) markdown(w io.Writer) {
	fmt.Fprintf(w, "### %s. %s — %s\n\n", t.id, t.title, t.backend)
	fmt.Fprintf(w, "| %s |\n|", strings.Join(t.cols, " | "))
	for range t.cols {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, r := range t.rows {
		fmt.Fprintf(w, "| %s |\n", strings.Join(r, " | "))
	}
	fmt.Fprintln(w)
	for _, n := range t.notes {
		fmt.Fprintf(w, "%s\n", n)
	}
	if len(t.notes) > 0 {
		fmt.Fprintln(w)
	}
}

func writeCSV(path string, tables []*table) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"table", "backend", "row", "column", "value"})
	for _, t := range tables {
		for _, r := range t.rows {
			for j := 1; j < len(r) && j < len(t.cols); j++ {
				w.Write([]string{t.id, t.backend, r[0], t.cols[j], r[j]})
			}
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// series is one line of a plot.
type series struct {
	name  string
	color string
	ys    []float64 // NaN: no point
}

// writeSVG draws y against categorical x as lines with points, with the
// standard library only.
func writeSVG(path, title, xlabel, ylabel string, xs []string, ss []series) error {
	const W, H, L, R, T, B = 640, 400, 70, 170, 40, 50
	ymax := 0.0
	for _, s := range ss {
		for _, y := range s.ys {
			if !math.IsNaN(y) {
				ymax = math.Max(ymax, y)
			}
		}
	}
	if ymax == 0 {
		ymax = 1
	}
	// A round upper bound: 1, 2 or 5 times a power of ten.
	p := math.Pow(10, math.Floor(math.Log10(ymax)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= ymax {
			ymax = m * p
			break
		}
	}
	pw, ph := float64(W-L-R), float64(H-T-B)
	x := func(i int) float64 {
		if len(xs) == 1 {
			return L + pw/2
		}
		return L + pw*float64(i)/float64(len(xs)-1)
	}
	y := func(v float64) float64 { return T + ph*(1-v/ymax) }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", W, H)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", W, H)
	fmt.Fprintf(&b, `<text x="%d" y="20" font-size="14">%s</text>`+"\n", L, esc(title))
	for i := 0; i <= 5; i++ {
		v := ymax * float64(i) / 5
		fmt.Fprintf(&b, `<line x1="%d" x2="%g" y1="%g" y2="%g" stroke="#ddd"/>`+"\n", L, L+pw, y(v), y(v))
		fmt.Fprintf(&b, `<text x="%d" y="%g" text-anchor="end">%s</text>`+"\n", L-6, y(v)+4, fmtNum(v))
	}
	for i, s := range xs {
		fmt.Fprintf(&b, `<text x="%g" y="%d" text-anchor="middle">%s</text>`+"\n", x(i), H-B+18, esc(s))
	}
	fmt.Fprintf(&b, `<text x="%g" y="%d" text-anchor="middle">%s</text>`+"\n", L+pw/2, H-10, esc(xlabel))
	fmt.Fprintf(&b, `<text x="16" y="%g" text-anchor="middle" transform="rotate(-90 16 %g)">%s</text>`+"\n", T+ph/2, T+ph/2, esc(ylabel))
	fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%g" stroke="black"/>`+"\n", L, L, T, T+ph)
	fmt.Fprintf(&b, `<line x1="%d" x2="%g" y1="%g" y2="%g" stroke="black"/>`+"\n", L, L+pw, T+ph, T+ph)
	for k, s := range ss {
		var pts []string
		for i, v := range s.ys {
			if i < len(xs) && !math.IsNaN(v) {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(i), y(v)))
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", x(i), y(v), s.color)
			}
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", s.color, strings.Join(pts, " "))
		ly := T + 10 + 20*k
		fmt.Fprintf(&b, `<line x1="%g" x2="%g" y1="%d" y2="%d" stroke="%s" stroke-width="2"/>`+"\n", L+pw+10, L+pw+30, ly, ly, s.color)
		fmt.Fprintf(&b, `<text x="%g" y="%d">%s</text>`+"\n", L+pw+36, ly+4, esc(s.name))
	}
	b.WriteString("</svg>\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
