package libraries

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
)

// CollectionSettings are a collection's view settings (spec §2.6).
type CollectionSettings struct {
	IncludeWorkingFiles  bool   `json:"includeWorkingFiles"`
	ShowWorkingFilesOnly bool   `json:"showWorkingFilesOnly"`
	ViewType             string `json:"viewType"`
	ShowNewStylesOnly    bool   `json:"showNewStylesOnly"`
}

// Collection is a user's saved collection of one library.
type Collection struct {
	CollectionType string   `json:"collectionType"`
	Items          []string `json:"items"`
	CollectionSettings
	TotalSize int64 `json:"totalSize"`
	TooLarge  bool  `json:"tooLarge"`
	SizeLimit int64 `json:"sizeLimit"`
}

// collectionLibraryTypes answers the library types of collection type ct; an unknown type is a
// 400. Who may use the collection is its routes' second question (collectionLibraries).
func collectionLibraryTypes(ct string) ([]string, error) {
	lts, ok := collectionTypes[ct]
	if !ok {
		keys := make([]string, 0, len(collectionTypes))
		for k := range collectionTypes {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return nil, invalid("collectionType", "oneOf", "collectionType must be one of "+strings.Join(keys, ", "))
	}
	return lts, nil
}

func (s *Service) loadCollection(ctx context.Context, userID, ct string) (*Collection, error) {
	c := &Collection{CollectionType: ct, Items: []string{}, CollectionSettings: CollectionSettings{ViewType: "grid"}, SizeLimit: CollectionLimit}
	settings, err := s.store.collection(ctx, userID, ct, &c.Items)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, nil
	}
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(settings, &c.CollectionSettings); err != nil {
		return nil, err
	}
	if c.ViewType == "" {
		c.ViewType = "grid"
	}
	return c, nil
}

// collectionFiles lists the files a collection's download holds (Published assets only; working
// files only when included, or only them) and their total size.
func (s *Service) collectionFiles(ctx context.Context, userID, ct string) ([]File, int64, error) {
	c, err := s.loadCollection(ctx, userID, ct)
	if err != nil || len(c.Items) == 0 {
		return nil, 0, err
	}
	assets, _, err := s.store.List(ctx, s.db, ListQuery{Statuses: []string{Published}, IDs: c.Items, Limit: len(c.Items)})
	if err != nil {
		return nil, 0, err
	}
	lts := collectionTypes[ct]
	var files []File
	var total int64
	for _, a := range assets {
		if !slices.Contains(lts, a.LibraryType) {
			continue
		}
		for _, f := range a.Files {
			working := f.UsageType == WorkingFile
			if (c.ShowWorkingFilesOnly && !working) || (working && !c.IncludeWorkingFiles && !c.ShowWorkingFilesOnly) {
				continue
			}
			files = append(files, f)
			total += f.FileSize
		}
	}
	return files, total, nil
}

// GetCollection answers the user's collection with its size.
func (s *Service) GetCollection(ctx context.Context, ct string) (*Collection, error) {
	if _, err := collectionLibraryTypes(ct); err != nil {
		return nil, err
	}
	uid := identity.FromContext(ctx).ID
	c, err := s.loadCollection(ctx, uid, ct)
	if err != nil {
		return nil, err
	}
	_, c.TotalSize, err = s.collectionFiles(ctx, uid, ct)
	c.TooLarge = c.TotalSize >= CollectionLimit
	return c, err
}

// SaveRequest is PUT /api/assets/collection/{collectionType}.
type SaveRequest struct {
	Items []string `json:"items"`
	CollectionSettings
}

// SaveCollection stores the user's collection (a user setting).
func (s *Service) SaveCollection(ctx context.Context, ct string, req SaveRequest) (*Collection, error) {
	if _, err := collectionLibraryTypes(ct); err != nil {
		return nil, err
	}
	if req.Items == nil {
		return nil, invalid("items", "required", "items is required")
	}
	if len(req.Items) > 5000 {
		return nil, invalid("items", "max", "a collection holds at most 5000 items")
	}
	if req.ViewType == "" {
		req.ViewType = "grid"
	}
	if req.ViewType != "grid" && req.ViewType != "list" {
		return nil, invalid("viewType", "oneOf", "viewType must be grid or list")
	}
	items := uniq(req.Items)
	if err := checkIDs("items", items); err != nil {
		return nil, err
	}
	assets, err := s.store.Get(ctx, s.db, items, false)
	if err != nil {
		return nil, err
	}
	found := 0
	for _, a := range s.visible(ctx, assets) {
		if slices.Contains(collectionTypes[ct], a.LibraryType) {
			found++
		}
	}
	if found != len(items) {
		return nil, invalid("items", "exists", "some items are not assets of this library")
	}
	settings, _ := json.Marshal(req.CollectionSettings)
	if err := s.store.saveCollection(ctx, identity.FromContext(ctx).ID, ct, items, settings); err != nil {
		return nil, err
	}
	return s.GetCollection(ctx, ct)
}

// ZipCollection queues the collection's zip download, refusing an empty or too large one.
func (s *Service) ZipCollection(ctx context.Context, ct string) (int64, error) {
	c, err := s.GetCollection(ctx, ct)
	if err != nil {
		return 0, err
	}
	if len(c.Items) == 0 || c.TotalSize == 0 {
		return 0, invalid("items", "required", "No assets available.")
	}
	if c.TooLarge {
		return 0, &httpx.Error{Status: 400, Code: "ITS_ERR_VALIDATION", Message: "The collection is too large to download (20 GB or more).",
			Details: []httpx.FieldError{{Field: "items", Rule: "maxSize", Message: "The collection is too large to download (20 GB or more)."}}}
	}
	uid := identity.FromContext(ctx).ID
	return s.queue.Enqueue(ctx, nil, ZipArgs{UserID: uid, CollectionType: ct}, jobs.Spec{
		UserID: uid, Title: zipName(ct+" collection.zip", nil), CancelMessage: ZipCancelled,
	})
}
