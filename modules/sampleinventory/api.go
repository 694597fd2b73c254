package sampleinventory

// This file is the sample inventory's contract: what another module may use of it (checked by
// modules/boundary_test.go), besides the names of names_gen.go. Everything else of the package is
// the module's own.

import (
	"context"

	"its/core/grid"
)

// Samples is what another module may ask of the sample inventory (the import of a file does): a
// library's columns, its row validation (spec §5.5) and its batch write.
type Samples interface {
	Schema(library string) (*Schema, error)
	Validate(ctx context.Context, library string, req ValidateRequest) (*ValidateResult, error)
	Write(ctx context.Context, library string, req grid.BatchRequest) (*grid.BatchResult, error)
}

// NewSamples gives the sample inventory's service as other modules use it.
func NewSamples(s *Service) Samples { return s }

// Schema is the grid schema of a library plus the sample inventory's own rules.
type Schema struct {
	grid.Schema
	Library         string   `json:"library"`
	ManageType      string   `json:"manageType"`
	IdentityFields  []string `json:"identityFields"`
	RequiredFields  []string `json:"requiredFields"`
	TrackingActions []string `json:"trackingActions"`
}

// ValidateRequest is rows to check before they are submitted (an import, a paste).
type ValidateRequest struct {
	Rows []map[string]any `json:"rows"`
}

// ValidateResult is the answer of a validation.
type ValidateResult struct {
	Valid          bool        `json:"valid"`
	ErrorCount     int         `json:"errorCount"`
	Rows           []RowResult `json:"rows"`
	StrippedFields []string    `json:"strippedFields"`
}
