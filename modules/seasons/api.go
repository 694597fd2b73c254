package seasons

// This file is the seasons module's contract: what another module may use of it (checked by
// modules/boundary_test.go), besides the names of names_gen.go. Everything else of the package is
// the module's own.

import (
	"context"
	"time"
)

// Reader is what another module may ask of the seasons (the internal assortments' table of
// contents does): the seasons of a channel.
type Reader interface {
	List(ctx context.Context, req ListRequest) ([]*Season, error)
}

// NewReader gives the seasons service as other modules use it.
func NewReader(s *Service) Reader { return s }

// Season is a season of a channel (spec §3.3). SourceFile and PreviewJpg are blob keys; the
// URLs are signed links to them for the browser.
type Season struct {
	ID          string      `json:"_id"`
	Season      string      `json:"season"`
	Year        int         `json:"year"`
	Channel     string      `json:"channel"`
	State       string      `json:"state"`
	SeasonSetID string      `json:"seasonSetId"`
	SeasonSets  []SeasonSet `json:"seasonSets"`
	SourceFile  string      `json:"sourceFile"`
	PreviewJpg  string      `json:"previewJpg"`
	SourceURL   string      `json:"sourceFileUrl,omitempty"`
	PreviewURL  string      `json:"previewJpgUrl,omitempty"`
	Version     int         `json:"version"`
	Created     time.Time   `json:"createdDate"`
	Modified    time.Time   `json:"modifiedDate"`
}

// ListRequest selects a channel's seasons: channel Wholesale, Retail or All; sub a state
// (live, preparation, archived) or a year.
type ListRequest struct {
	Channel, Sub string
	Year         string
}
