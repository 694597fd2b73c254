package pdf

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sys/unix"

	"its/core/imaging"
)

// Limits bound what the renderer's converters may cost. Zero values take the defaults below.
type Limits struct {
	// MaxPixels is the largest page (width x height at the preview's resolution) rasterised: a
	// page is measured first and refused past it, the same limit images have.
	MaxPixels int64
	// ConverterMemory is the address space (RLIMIT_AS, bytes) each poppler tool may map.
	ConverterMemory int64
	// ChromiumJSHeapMB is V8's old-space limit in each Chromium renderer (--max-old-space-size).
	ChromiumJSHeapMB int
	// BudgetPixels is how many pixels all first-page renders of the renderer may draw at once:
	// a render waits until its page fits, so parallel preview jobs cannot exhaust memory together.
	BudgetPixels int64
}

// Defaults for a renderer made outside fx; configs/default.yaml holds the same values.
const (
	DefaultMaxPixels        = 50_000_000
	DefaultConverterMemory  = 768 << 20
	DefaultChromiumJSHeapMB = 512
	DefaultBudgetPixels     = 100_000_000
)

func (l Limits) withDefaults() Limits {
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultMaxPixels
	}
	if l.ConverterMemory <= 0 {
		l.ConverterMemory = DefaultConverterMemory
	}
	if l.ChromiumJSHeapMB <= 0 {
		l.ChromiumJSHeapMB = DefaultChromiumJSHeapMB
	}
	if l.BudgetPixels <= 0 {
		l.BudgetPixels = DefaultBudgetPixels
	}
	return l
}

// SetLimits replaces the renderer's limits; call it before the first render.
func (r *Renderer) SetLimits(l Limits) {
	r.limits = l.withDefaults()
	r.pixels = semaphore.NewWeighted(r.limits.BudgetPixels)
}

// reserve waits until px pixels fit the renderer's budget and answers their release.
func (r *Renderer) reserve(ctx context.Context, px int64) (func(), error) {
	weight := max(1, min(px, r.limits.BudgetPixels))
	if err := r.pixels.Acquire(ctx, weight); err != nil {
		return nil, err
	}
	return func() { r.pixels.Release(weight) }, nil
}

// runTool runs a converter on input within the memory limit: the limit is set on the child
// (prlimit) before it is given a byte of its input, so nothing the input asks for escapes it.
func runTool(ctx context.Context, mem int64, input []byte, bin string, args ...string) ([]byte, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	lim := unix.Rlimit{Cur: uint64(mem), Max: uint64(mem)}
	if err := unix.Prlimit(cmd.Process.Pid, unix.RLIMIT_AS, &lim, nil); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("pdf: limit %s's memory: %w", bin, err)
	}
	go func() {
		_, _ = io.Copy(in, bytes.NewReader(input))
		_ = in.Close()
	}()
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes(), nil
}

// pageSize is the first page's size in points as poppler renders it by default (its MediaBox),
// before its /Rotate turns it: pdftoppm's -scale-to-x and -scale-to-y name the unturned sides.
type pageSize struct{ w, h float64 }

// pixels is the page's size in whole pixels at dpi, or ok=false when it has more than max
// (counted in floats, so a page of 1e300 points cannot overflow the count).
func (p pageSize) pixels(dpi float64, max int64) (w, h int64, ok bool) {
	fw, fh := math.Ceil(p.w*dpi/72), math.Ceil(p.h*dpi/72)
	if fw*fh > float64(max) {
		return int64(min(fw, math.MaxInt32)), int64(min(fh, math.MaxInt32)), false
	}
	return int64(fw), int64(fh), true
}

// errNoSize is a first page whose size cannot be read.
var errNoSize = errors.New("pdf: the first page has no readable size")

// parsePageInfo reads the first page's MediaBox from `pdfinfo -box -f 1 -l 1`.
func parsePageInfo(out []byte) (pageSize, error) {
	var box []float64
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		// "Page    1 MediaBox:  x1 y1 x2 y2"
		if len(f) < 3 || f[0] != "Page" || f[1] != "1" || f[2] != "MediaBox:" {
			continue
		}
		if len(f) != 7 {
			return pageSize{}, errNoSize
		}
		box = box[:0]
		for _, s := range f[3:] {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return pageSize{}, errNoSize
			}
			box = append(box, v)
		}
	}
	if len(box) != 4 {
		return pageSize{}, errNoSize
	}
	p := pageSize{w: math.Abs(box[2] - box[0]), h: math.Abs(box[3] - box[1])}
	if !(p.w > 0 && p.h > 0) || math.IsInf(p.w, 0) || math.IsInf(p.h, 0) {
		return pageSize{}, errNoSize
	}
	return p, nil
}

// measure reads the first page's size in pixels at dpi and refuses a page past the pixel limit
// (imaging.ErrTooManyPixels), before anything is rasterised.
func (r *Renderer) measure(ctx context.Context, pdf []byte, dpi float64) (int64, int64, error) {
	bin, err := exec.LookPath("pdfinfo")
	if err != nil {
		return 0, 0, fmt.Errorf("%w: pdfinfo (poppler-utils) is not installed", ErrUnavailable)
	}
	out, err := runTool(ctx, r.limits.ConverterMemory, pdf, bin, "-box", "-f", "1", "-l", "1", "-")
	if err != nil {
		return 0, 0, fmt.Errorf("pdf: measure the first page: %w", err)
	}
	p, err := parsePageInfo(out)
	if err != nil {
		return 0, 0, err
	}
	w, h, ok := p.pixels(dpi, r.limits.MaxPixels)
	if !ok {
		return w, h, fmt.Errorf("%w: the first page is %d x %d pixels at %v dpi, the limit is %d pixels",
			imaging.ErrTooManyPixels, w, h, dpi, r.limits.MaxPixels)
	}
	return w, h, nil
}
