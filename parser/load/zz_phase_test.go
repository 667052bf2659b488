package load

import (
	"testing"
	"time"
)

func TestZZPhases(t *testing.T) {
	l, _ := newLoader(Options{Dir: "/tmp/gen"})
	t0 := time.Now()
	cs := l.walk("/tmp/gen", walkReported)
	t1 := time.Now()
	cs2 := l.walk("/tmp/gen/modules", walkContext)
	t2 := time.Now()
	all := dedupe(append(cs, cs2...))
	t3 := time.Now()
	files := l.read(all)
	t4 := time.Now()
	for _, f := range files {
		l.lay.classify(f)
	}
	t5 := time.Now()
	t.Logf("walk %v walk2 %v dedupe %v read %v classify %v", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t5.Sub(t4))
}
