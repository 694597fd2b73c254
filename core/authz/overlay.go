package authz

import (
	"context"
	"io/fs"
	"testing/fstest"

	"its/policies"
)

// LoadWith rebuilds the engine from the base policies plus extra files (path → content, paths
// relative to the policies folder, such as "plugins/<id>/<id>.rego"): how the policies of
// out-of-process modules are added and removed while ITS runs. Test files among them are left
// out like the base ones. Requests in flight keep the query they started with.
func (e *Engine) LoadWith(ctx context.Context, extra map[string][]byte) error {
	fsys, err := Overlay(policies.FS, extra)
	if err != nil {
		return err
	}
	return e.Load(ctx, fsys)
}

// Overlay is base with extra files added (or replacing base files of the same path).
func Overlay(base fs.FS, extra map[string][]byte) (fs.FS, error) {
	out := fstest.MapFS{}
	err := fs.WalkDir(base, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(base, path)
		if err != nil {
			return err
		}
		out[path] = &fstest.MapFile{Data: b}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for path, b := range extra {
		out[path] = &fstest.MapFile{Data: b}
	}
	return out, nil
}
