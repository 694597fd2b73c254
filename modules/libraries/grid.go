package libraries

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5"

	"its/core/db"
	"its/core/grid"
	"its/core/httpx"
	"its/core/registry"
	"its/modules/actions"
)

// Option sets of the list cells: the enumerations the libraries use everywhere (spec §2.6 data
// sets, §3.4). Free-form attributes (asset types, categories, tags...) stay text.
var (
	GenderOptions      = []string{"Womens", "Mens", "Kids", "Unisex"}
	SeasonOptions      = []string{"Spring", "Summer", "Fall", "Holiday"}
	LangOptions        = []string{"English", "German", "French", "Spanish", "Italian", "Japanese", "Polish", "Portuguese"}
	RegionOptions      = []string{"Domestic", "Europe", "International"}
	OrientationOptions = []string{"Landscape", "Portrait", "Square"}
	// GlobalRetailAssetTypes: a global retail item is a visual or a resource (spec §3.4).
	GlobalRetailAssetTypes = []string{"visual", "resource"}
)

// gridFields are the editable columns of each library's manage grid, in order (the name first).
var gridFields = map[string][]string{
	AdvertisingAsset:     {"name", "assetType", "category", "gender", "season", "year", "tag", "region", "orientation", "storeType", "usage", "vmCategory", "mediaDisplay", "beginDate", "expireDate"},
	AdvertisingLogo:      {"name", "category", "tag"},
	GlobalRetailAsset:    {"name", "assetType", "assetSubType", "category", "gender", "season", "year", "lang", "entity", "storeType", "element", "initiative", "dimensions"},
	GlobalRetailResource: {"name", "assetType", "assetSubType", "category", "season", "year", "lang", "entity", "storeType", "initiative"},
	ProductDocument:      {"name", "docType", "season", "year", "gender", "category", "divisionId", "lang"},
	StepAsset:            {"name", "assetType", "gender", "lang", "category", "season", "year"},
}

// headers are the English column headers (the client translates them).
var headers = map[string]string{
	"name": "Name", "librarySubType": "Library Subtype", "assetType": "Asset Type", "assetSubType": "Asset Subtype",
	"category": "Category", "gender": "Gender", "tag": "Tag", "season": "Season", "year": "Year", "lang": "Language",
	"region": "Region", "orientation": "Orientation", "initiative": "Initiative", "element": "Store Element", "entity": "Entity",
	"storeType": "Store Type", "function": "Function", "usage": "Usage", "vmCategory": "VM Category", "mediaDisplay": "Media Display",
	"docType": "Document Type", "divisionId": "Division", "dimensions": "Dimensions",
	"startDate": "Start Date", "endDate": "End Date", "beginDate": "Begin Date", "expireDate": "Expire Date",
}

// The grid's read-only fields beside the asset's attributes.
const (
	fieldThumbnail = "thumbnail"
	fieldFile      = "file"
)

func listOptions(libraryType, field string) []string {
	switch field {
	case "gender":
		return GenderOptions
	case "season":
		return SeasonOptions
	case "lang":
		return LangOptions
	case "region":
		return RegionOptions
	case "orientation":
		return OrientationOptions
	case "assetType":
		if libraryType == GlobalRetailAsset || libraryType == GlobalRetailResource {
			return GlobalRetailAssetTypes
		}
	}
	return nil
}

// grids holds each library's grid declaration; read-only after start.
var grids = func() map[string]*grid.Grid {
	out := make(map[string]*grid.Grid, len(LibraryTypes))
	for _, lt := range LibraryTypes {
		out[lt] = grid.MustNew(grid.Grid{
			Name:         gridName(lt),
			Table:        "library_assets",
			Columns:      gridColumns(lt),
			DefaultSort:  []grid.Sort{{Field: "modifiedDate", Dir: "desc"}},
			DeleteColumn: "status",
			DeleteValue:  Deleted,
			PageSize:     100,
			MaxLimit:     1000,
			MaxBatch:     1000,
		})
	}
	return out
}()

func gridOf(libraryType string) (*grid.Grid, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return nil, err
	}
	return grids[libraryType], nil
}

func inLibrary(libraryType string) sq.Sqlizer { return sq.Eq{"library_type": libraryType} }

// GridSchema is a library grid's schema plus what the manage pages need to know of the library.
type GridSchema struct {
	grid.Schema
	LibraryType string   `json:"libraryType"`
	Statuses    []string `json:"statuses"`
	// PublishFields are the fields an asset needs to be published (spec §5.6); they cannot be
	// cleared outside Pending. A Marketing Image also needs beginDate and expireDate.
	PublishFields []string `json:"publishFields"`
}

// Schema answers the column schema of a library's manage grid.
func (s *Service) Schema(libraryType string) (*GridSchema, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return nil, err
	}
	sch := &GridSchema{Schema: g.Schema(), LibraryType: libraryType, Statuses: Statuses, PublishFields: requiredFields[libraryType]}
	sch.Messages["publish"] = `"{value}" cannot be published: missing {header}`
	sch.Messages["noAdd"] = "Assets are added by uploading their files"
	return sch, nil
}

// Stream answers a library's grid as NDJSON; the manage pages filter it by status.
func (s *Service) Stream(ctx context.Context, w http.ResponseWriter, libraryType string, q grid.Query) error {
	g, err := gridOf(libraryType)
	if err != nil {
		return err
	}
	return g.Stream(ctx, w, s.db, q, inLibrary(libraryType), s.log)
}

// Page answers one page of a library's grid.
func (s *Service) Page(ctx context.Context, libraryType string, q grid.Query) (*grid.Page, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return nil, err
	}
	return g.Page(ctx, s.db, q, inLibrary(libraryType))
}

// Summary answers the footer figures of a library's grid over its filtered rows.
func (s *Service) Summary(ctx context.Context, libraryType string, req grid.SummaryRequest) (*grid.Summary, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return nil, err
	}
	return g.Summary(ctx, s.db, req, inLibrary(libraryType))
}

// Groups answers the groups of a library's view by one column (the manage grid read by
// scrolling while grouped, docs/grid.md §3.9).
func (s *Service) Groups(ctx context.Context, libraryType string, req grid.GroupsRequest) (*grid.Groups, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return nil, err
	}
	return g.Groups(ctx, s.db, req, inLibrary(libraryType))
}

// Export writes the library's grid as the user sees it to an .xlsx or .csv download.
func (s *Service) Export(ctx context.Context, w http.ResponseWriter, libraryType string, req grid.ExportRequest) error {
	g, err := gridOf(libraryType)
	if err != nil {
		return err
	}
	name := grid.ExportFileName(req.FileName, fmt.Sprintf("%s_%s", libraryType, time.Now().Format("2006-01-02")))
	return g.Export(ctx, w, s.db, req, inLibrary(libraryType), name)
}

// publishField names a missing publish requirement as a grid field.
func publishField(missing string) string {
	if strings.HasPrefix(missing, "primary file") {
		return fieldFile
	}
	return missing
}

// Write applies a grid batch to a library in one transaction. Assets are not added here (they
// come from uploads); deletes set the status Deleted, and an asset moved to Deleted loses its
// comment threads. The publish fields cannot be cleared on an
// asset that is not Pending, and every asset that ends up Published must be valid for
// publishing (spec §5.6): otherwise nothing is written and the answer names the missing fields.
func (s *Service) Write(ctx context.Context, libraryType string, req grid.BatchRequest) (*grid.BatchResult, error) {
	g, err := gridOf(libraryType)
	if err != nil {
		return nil, err
	}
	if len(req.Add) > 0 {
		errs := make([]grid.CellError, len(req.Add))
		for i, a := range req.Add {
			errs[i] = grid.CellError{Op: grid.OpAdd, Index: i, TempID: a.TempID, Field: "id", Rule: "noAdd", Message: "Assets are added by uploading their files"}
		}
		return nil, grid.Invalid(errs)
	}
	// Whether a publish field may be cleared depends on the row's status, not on the page: the
	// plan is made as a pending view and the clearing is checked per row below.
	plan, err := g.Plan(req, grid.WriteContext{View: "pending"})
	if err != nil {
		return nil, err
	}
	var refused []grid.CellError
	cleared := map[*grid.Change][]string{}
	for _, c := range plan.Changes {
		for field, v := range c.Values {
			col := g.Column(field)
			if v != nil || col == nil {
				continue
			}
			if field == "status" {
				refused = append(refused, grid.CellError{Op: c.Op, Index: c.Index, ID: c.ID, Field: field, Rule: "nonClearable", Message: col.Header + " cannot be cleared"})
				continue
			}
			if col.Required {
				cleared[c] = append(cleared[c], field)
			}
			// The table keeps empty text as '' (dates stay null).
			if col.Type != grid.Date {
				c.Values[field] = ""
			}
		}
	}
	if len(refused) > 0 {
		return nil, grid.Invalid(refused)
	}
	via, err := grid.CheckVia(req.Via)
	if err != nil {
		return nil, err
	}
	actorID := me(ctx)
	if err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		opts := grid.ApplyOptions{Scope: inLibrary(libraryType), SetOnUpdate: map[string]any{"modified_at": sq.Expr("now()")},
			History: &grid.Trail{ActorID: actorID, Via: via}}
		if err := g.Apply(ctx, tx, plan, opts); err != nil {
			return err
		}
		// Check the rows as written, inside the transaction: a refusal rolls everything back.
		var ids []string
		for _, c := range plan.Changes {
			if c.Op == grid.OpUpdate {
				ids = append(ids, c.ID)
			}
		}
		if len(ids) > 0 {
			assets, err := s.store.Get(ctx, tx, ids, false)
			if err != nil {
				return err
			}
			byID := make(map[string]*Asset, len(assets))
			for _, a := range assets {
				byID[a.ID] = a
			}
			var message string
			for _, c := range plan.Changes {
				a := byID[c.ID]
				if c.Op != grid.OpUpdate || a == nil {
					continue
				}
				if a.Status != Pending && len(cleared[c]) > 0 {
					for _, field := range cleared[c] {
						refused = append(refused, grid.CellError{Op: c.Op, Index: c.Index, ID: c.ID, Field: field, Rule: "nonClearable",
							Message: fmt.Sprintf("%s cannot be cleared: it is needed to publish", headers[field])})
					}
					continue
				}
				if a.Status != Published {
					continue
				}
				if missing := missingForPublish(a); len(missing) > 0 {
					msg := publishMessage(a, missing)
					if message == "" {
						message = msg
					}
					for _, m := range missing {
						refused = append(refused, grid.CellError{Op: c.Op, Index: c.Index, ID: c.ID, Field: publishField(m), Rule: "publish", Message: msg})
					}
				}
			}
			if len(refused) > 0 {
				e := grid.Invalid(refused)
				// The message names the asset and its missing fields rather than counting cells.
				if message != "" {
					e.Message = message
				} else if len(refused) > 1 {
					e.Message = refused[0].Message
				}
				return e
			}
		}
		return publishPlan(ctx, tx, libraryType, g, actorID, plan)
	}); err != nil {
		return nil, err
	}
	r := plan.Result()
	return &r, nil
}

// Thumbnail answers a signed URL of a file's preview picture; files of assets that are not
// Published are only shown to the library's managers.
func (s *Service) Thumbnail(ctx context.Context, libraryType, fileID string) (string, error) {
	if err := checkLibraryType(libraryType, "libraryType"); err != nil {
		return "", err
	}
	if err := checkIDs("fileId", []string{fileID}); err != nil {
		return "", err
	}
	key, status, err := s.store.thumbnail(ctx, libraryType, fileID)
	if err != nil || key == "" {
		return "", httpx.NotFound("Thumbnail")
	}
	if status != Published {
		if err := registry.Require(ctx, s.az, actions.LibrariesManage, map[string]any{"libraryType": libraryType}); err != nil {
			return "", err
		}
	}
	return s.blobs.SignedGetURL(ctx, key, "", s.cfg.Storage.URLTTL.Duration)
}

// gridName is the name of library type lt's manage grid, which its live events name too.
func gridName(lt string) string { return "libraries." + lt }
