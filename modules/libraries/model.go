package libraries

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The six library types (spec §3.4) and their statuses.
const (
	AdvertisingAsset     = "AdvertisingAsset"
	AdvertisingLogo      = "AdvertisingLogo"
	GlobalRetailAsset    = "GlobalRetailAsset"
	GlobalRetailResource = "GlobalRetailResource"
	ProductDocument      = "ProductDocument"
	StepAsset            = "StepAsset"

	Pending     = "Pending"
	Published   = "Published"
	Unpublished = "Unpublished"
	Deleted     = "Deleted"

	Primary     = "Primary"
	WorkingFile = "Working File"

	// MarketingImage is the advertising asset type that also needs begin and expire dates.
	MarketingImage = "Marketing Image"
)

// LibraryTypes lists the library types in navigation order.
var LibraryTypes = []string{AdvertisingAsset, AdvertisingLogo, GlobalRetailAsset, GlobalRetailResource, ProductDocument, StepAsset}

// Statuses lists the library item statuses.
var Statuses = []string{Pending, Published, Unpublished, Deleted}

// textField is an asset attribute held as text: its JSON name and its column.
type textField struct{ json, col string }

// textFields are every text attribute, in column order; SQL names come only from here.
var textFields = []textField{
	{"name", "name"}, {"librarySubType", "library_sub_type"}, {"assetType", "asset_type"}, {"assetSubType", "asset_sub_type"},
	{"category", "category"}, {"gender", "gender"}, {"tag", "tag"}, {"season", "season"}, {"year", "year"}, {"lang", "lang"},
	{"region", "region"}, {"orientation", "orientation"}, {"initiative", "initiative"}, {"element", "element"}, {"entity", "entity"},
	{"storeType", "store_type"}, {"function", "function"}, {"usage", "usage"}, {"vmCategory", "vm_category"},
	{"mediaDisplay", "media_display"}, {"docType", "doc_type"}, {"divisionId", "division_id"}, {"dimensions", "dimensions"},
}

// dateFields are the asset's dates (YYYY-MM-DD).
var dateFields = []textField{{"startDate", "start_date"}, {"endDate", "end_date"}, {"beginDate", "begin_date"}, {"expireDate", "expire_date"}}

func column(json string) (string, bool) {
	for _, f := range textFields {
		if f.json == json {
			return f.col, true
		}
	}
	for _, f := range dateFields {
		if f.json == json {
			return f.col, true
		}
	}
	return "", false
}

func isDateField(json string) bool {
	return slices.ContainsFunc(dateFields, func(f textField) bool { return f.json == json })
}

// filterFields are each library's filter bar (query parameters of GET /api/assets).
var filterFields = map[string][]string{
	AdvertisingAsset:     {"tag", "region", "season", "orientation", "assetType", "storeType", "usage", "gender", "category", "vmCategory", "mediaDisplay"},
	AdvertisingLogo:      {"category"},
	GlobalRetailAsset:    {"season", "entity", "storeType", "category", "lang", "year", "assetType", "assetSubType", "gender", "element", "initiative"},
	GlobalRetailResource: {"season", "entity", "storeType", "category", "lang", "year", "assetType", "assetSubType", "gender", "element", "initiative"},
	ProductDocument:      {"docType", "season", "year", "gender", "category", "divisionId", "lang"},
	StepAsset:            {"assetType", "gender", "lang"},
}

// landingFacet is the filter field each library's landing page groups its tiles by; a filter of
// the library (filterFields), so its column comes from the whitelist.
var landingFacet = map[string]string{
	AdvertisingAsset:     "assetType",
	AdvertisingLogo:      "category",
	GlobalRetailAsset:    "initiative",
	GlobalRetailResource: "assetSubType",
	ProductDocument:      "docType",
	StepAsset:            "assetType",
}

// requiredFields are the text fields an asset needs to be published (spec §5.6); they cannot be
// cleared by bulk clearing either.
var requiredFields = map[string][]string{
	StepAsset:            {"name", "assetType", "lang", "gender"},
	GlobalRetailAsset:    {"name", "assetType"},
	GlobalRetailResource: {"name"},
	ProductDocument:      {"name", "docType"},
	AdvertisingLogo:      {"name", "category"},
	AdvertisingAsset:     {"name", "assetType", "category", "gender"},
}

// File is one file of an asset.
type File struct {
	ID           string    `json:"_id"`
	UsageType    string    `json:"usageType"`
	Filename     string    `json:"filename"`
	ContentType  string    `json:"content"`
	FileSize     int64     `json:"fileSize"`
	Thumbnail    string    `json:"thumbnail,omitempty"`
	PreviewJpg   string    `json:"previewJpg,omitempty"`
	PreviewPdf   string    `json:"previewPdf,omitempty"`
	SourceFile   string    `json:"sourceFile,omitempty"`
	Groups       []string  `json:"groups"`
	Dimensions   *Dims     `json:"dimensions,omitempty"`
	State        string    `json:"state"`
	AddMethod    string    `json:"addMethod"`
	ModifiedDate time.Time `json:"modifiedDate"`
	key          string
	thumbKey     string
}

// Dims are an image's pixel size.
type Dims struct {
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Asset is a library item as the API shows it.
type Asset struct {
	ID           string            `json:"_id"`
	LibraryType  string            `json:"libraryType"`
	Fields       map[string]string `json:"-"`
	Locations    []string          `json:"locations"`
	AddedBy      string            `json:"addedBy"`
	Status       string            `json:"status"`
	UserFlag     string            `json:"userFlag,omitempty"`
	ModifiedDate time.Time         `json:"modifiedDate"`
	Files        []File            `json:"files"`
}

// MarshalJSON flattens the text and date fields beside the fixed ones, and names the primary
// and working files.
func (a Asset) MarshalJSON() ([]byte, error) {
	m := map[string]any{
		"_id": a.ID, "libraryType": a.LibraryType, "locations": a.Locations, "addedBy": a.AddedBy,
		"status": a.Status, "modifiedDate": a.ModifiedDate, "files": a.Files,
	}
	if a.UserFlag != "" {
		m["userFlag"] = a.UserFlag
	}
	for k, v := range a.Fields {
		if isDateField(k) && v == "" {
			m[k] = nil
			continue
		}
		m[k] = v
	}
	for _, f := range a.Files {
		switch f.UsageType {
		case Primary:
			if _, ok := m["primaryFile"]; !ok {
				m["primaryFile"] = f.ID
			}
		case WorkingFile:
			if _, ok := m["workingFile"]; !ok {
				m["workingFile"] = f.ID
			}
		}
	}
	return json.Marshal(m)
}

// missingForPublish names what a stops an asset from being published (spec §5.6).
func missingForPublish(a *Asset) []string {
	var missing []string
	for _, f := range requiredFields[a.LibraryType] {
		if strings.TrimSpace(a.Fields[f]) == "" {
			missing = append(missing, f)
		}
	}
	hasPrimary := slices.ContainsFunc(a.Files, func(f File) bool { return f.UsageType == Primary })
	switch a.LibraryType {
	case GlobalRetailAsset:
		if !hasPrimary {
			missing = append(missing, "primary file")
		}
	case ProductDocument:
		if !hasPrimary {
			missing = append(missing, "primary file group")
		}
	case AdvertisingAsset:
		if a.Fields["assetType"] == MarketingImage {
			begin, errB := time.Parse(time.DateOnly, a.Fields["beginDate"])
			expire, errE := time.Parse(time.DateOnly, a.Fields["expireDate"])
			if errB != nil {
				missing = append(missing, "beginDate")
			}
			if errE != nil || (errB == nil && expire.Before(begin)) {
				missing = append(missing, "expireDate")
			}
		}
	}
	return missing
}

func publishMessage(a *Asset, missing []string) string {
	name := a.Fields["name"]
	if name == "" {
		name = a.ID
	}
	return fmt.Sprintf("%q cannot be published: missing %s", name, strings.Join(missing, ", "))
}

// collectionTypes maps a collection (spec §2.6) to the library types it holds.
var collectionTypes = map[string][]string{
	"advertisingAsset": {AdvertisingAsset},
	"advertisingLogo":  {AdvertisingLogo},
	"globalRetail":     {GlobalRetailAsset, GlobalRetailResource},
	"productDocument":  {ProductDocument},
	"step":             {StepAsset},
}

// CollectionLimit is the size at which a collection is too large (20 GB).
const CollectionLimit = 21474836480
