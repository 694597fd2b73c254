package libraries

// This file is the libraries module's contract: what another module may use of it (checked by
// modules/boundary_test.go), besides the names of names_gen.go. Everything else of the package is
// the module's own.

import "context"

// Assets is what another module may read of the libraries' assets (the dashboard makes an
// announcement from an advertising asset).
type Assets interface {
	// AdvertisingAssetName answers the name of the advertising asset id; pgx.ErrNoRows when
	// there is none.
	AdvertisingAssetName(ctx context.Context, id string) (string, error)
}

// NewAssets gives the libraries' store as the Assets other modules read.
func NewAssets(s *Store) Assets { return s }
