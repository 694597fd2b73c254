package pdf

import "errors"

// Ready tells whether the renderer can take renders: the pool is open and, until the browser
// has started (lazily, on the first render), its binary is installed. A pool that started
// keeps its warm tabs, so there is nothing further to probe.
func (r *Renderer) Ready() error {
	r.mu.Lock()
	closed, started := r.closed, r.started
	r.mu.Unlock()
	if closed {
		return errors.New("pdf: renderer is closed")
	}
	if started {
		return nil
	}
	_, err := r.ChromiumPath()
	return err
}
