package libraries

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"its/core/pdf"
	"its/core/registry"
	"its/core/storage"
)

// DemoPerLibrary is how many demo assets each library gets.
const DemoPerLibrary = 200

var demoNS = uuid.MustParse("5b0c1d2e-8f3a-4c6b-9d7e-1a2b3c4d5e6f")

var (
	seasons    = []string{"Spring", "Summer", "Fall", "Holiday"}
	years      = []string{"2024", "2025", "2026"}
	genders    = []string{"Womens", "Mens", "Kids", "Unisex"}
	langs      = []string{"English", "German", "French", "Spanish", "Italian", "Japanese"}
	categories = []string{"Running", "Lifestyle", "Work", "Trail", "Basketball", "Training", "Sandals", "Apparel"}
	regions    = []string{"Domestic", "Europe", "International"}
	storeTypes = []string{"Flagship", "Mall", "Outlet", "Wholesale"}
	entities   = []string{"Domestic", "Subsidiary", "Joint Venture", "Franchise"}
	palette    = []color.RGBA{{196, 30, 58, 255}, {0, 82, 147, 255}, {38, 120, 72, 255}, {236, 140, 20, 255}, {90, 60, 140, 255}, {20, 20, 24, 255}, {0, 150, 160, 255}, {210, 180, 140, 255}}
	colorways  = []string{"Black/White", "Navy/Red", "Olive/Gum", "Orange/Black", "Grape/Silver", "Triple Black", "Teal/White", "Wheat/Brown"}
	styles     = []string{"Aero Runner", "Trail Blazer X", "Court Classic", "Work Pro Comp Toe", "Cloud Slide", "Street Knit", "Summit Hiker", "Flex Trainer"}
)

func pick[T any](list []T, i int) T { return list[i%len(list)] }

type demoFile struct {
	id, assetID, usage, filename, key, contentType string
	size                                           int64
	width, height                                  int
	thumbKey                                       string
	body                                           []byte
	render                                         func() ([]byte, error)
}

type demoAsset struct {
	id, libraryType, status string
	fields                  map[string]string
	begin, expire           *time.Time
	modified                time.Time
	files                   []*demoFile
}

// demoAssets builds the deterministic demo library: DemoPerLibrary assets per library type,
// mostly Published and complete, the rest spread over the other statuses (some Pending ones
// incomplete, as real drafts are).
func demoAssets() []*demoAsset {
	base := time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)
	var out []*demoAsset
	n := 0
	for li, lt := range LibraryTypes {
		for i := 0; i < DemoPerLibrary; i++ {
			n++
			a := &demoAsset{libraryType: lt, fields: map[string]string{}, modified: base.Add(-time.Duration(n) * 37 * time.Minute)}
			a.id = uuid.NewSHA1(demoNS, []byte(fmt.Sprintf("%s-%d", lt, i))).String()
			switch {
			case i%20 == 19:
				a.status = Deleted
			case i%10 == 7:
				a.status = Unpublished
			case i%7 == 3:
				a.status = Pending
			default:
				a.status = Published
			}
			ext := demoFields(a, lt, li, i, base)
			a.files = demoFiles(a, lt, li, i, ext)
			out = append(out, a)
		}
	}
	return out
}

// demoFields fills the fields of demo asset number i of library lt (li its index) and answers
// its file's extension; some drafts are left incomplete, as the manage pages expect.
func demoFields(a *demoAsset, lt string, li, i int, base time.Time) string {
	season, year, gender := pick(seasons, i), pick(years, i/4), pick(genders, i/2)
	style, cw := pick(styles, i+li), pick(colorways, i/3+li)
	f := a.fields
	f["season"], f["year"], f["gender"] = season, year, gender
	var ext string
	switch lt {
	case AdvertisingAsset:
		f["assetType"] = pick([]string{MarketingImage, "Print Ad", "Social", "Banner", "POP Display"}, i)
		f["category"], f["tag"], f["region"] = pick(categories, i/5), pick([]string{"Hero", "Campaign", "Product"}, i), pick(regions, i)
		f["orientation"] = pick([]string{"Landscape", "Portrait", "Square"}, i/2)
		f["storeType"], f["usage"] = pick(storeTypes, i), pick([]string{"Print", "Digital", "In-Store"}, i/3)
		f["vmCategory"], f["mediaDisplay"] = pick([]string{"Window", "Wall", "Table"}, i), pick([]string{"Lightbox", "Poster", "Digital Screen"}, i/2)
		f["name"] = fmt.Sprintf("%s %s %s %s %s", season, year[2:], gender, style, f["assetType"])
		if f["assetType"] == MarketingImage {
			b := base.AddDate(0, -(i % 6), 0)
			e := b.AddDate(0, 6, 0)
			a.begin, a.expire = &b, &e
		}
		ext = ".jpg"
	case AdvertisingLogo:
		f["category"] = pick([]string{"Primary Logo", "Secondary Logo", "Sub-brand", "Partner"}, i)
		f["name"] = fmt.Sprintf("%s %s logo %s", pick([]string{"ITS", "ITS Performance", "ITS Work", "ITS Kids", "ITS Trail"}, i/4), pick([]string{"horizontal", "stacked", "icon"}, i), pick([]string{"black", "white", "full colour", "reversed"}, i/2))
		f["season"], f["year"], f["gender"] = "", "", ""
		ext = ".png"
	case GlobalRetailAsset:
		f["assetType"], f["assetSubType"] = "visual", pick([]string{"Window Graphic", "Wall Graphic", "Fixture Header", "Floor Decal"}, i)
		f["category"], f["entity"], f["storeType"] = pick(categories, i/3), pick(entities, i), pick(storeTypes, i/2)
		f["element"], f["initiative"] = pick([]string{"Window", "Wall", "Fixture", "Floor"}, i), pick([]string{"Back To School", "Holiday Gifting", "Spring Running", "Work Week"}, i/4)
		f["lang"], f["dimensions"] = pick(langs, i/6), pick([]string{"1200x1800mm", "600x900mm", "2400x1200mm"}, i)
		f["name"] = fmt.Sprintf("%s %s %s %s", f["initiative"], f["assetSubType"], style, season)
		ext = ".jpg"
	case GlobalRetailResource:
		f["assetType"], f["assetSubType"] = "resource", pick([]string{"Guideline", "Planogram", "Training Deck", "Store Manual"}, i)
		f["category"], f["entity"], f["storeType"], f["lang"] = pick(categories, i/3), pick(entities, i), pick(storeTypes, i/2), pick(langs, i/6)
		f["initiative"] = pick([]string{"Back To School", "Holiday Gifting", "Spring Running", "Work Week"}, i/4)
		f["name"] = fmt.Sprintf("%s %s %s %s", season, year, f["assetSubType"], f["initiative"])
		ext = ".pdf"
	case ProductDocument:
		f["docType"] = pick([]string{"Line Sheet", "Price Sheet", "Tech Pack", "Size Chart", "Care Guide"}, i)
		f["category"], f["divisionId"], f["lang"] = pick(categories, i/2), pick(Divisions, i), pick(langs, i/10)
		f["name"] = fmt.Sprintf("%s %s %s %s", style, cw, f["docType"], season+" "+year)
		ext = ".pdf"
	case StepAsset:
		f["assetType"] = pick([]string{"Product Training", "Sales Presentation", "Technology Guide", "Quiz"}, i)
		f["lang"], f["category"] = pick(langs, i/8), pick(categories, i/3)
		f["name"] = fmt.Sprintf("%s: %s %s", f["assetType"], style, cw)
		ext = ".jpg"
		if f["assetType"] == "Sales Presentation" {
			ext = ".pdf"
		}
	}
	// Some drafts are incomplete, as the manage pages expect.
	if a.status == Pending && i%3 == 0 {
		switch lt {
		case AdvertisingAsset, AdvertisingLogo:
			f["category"] = ""
		case ProductDocument:
			f["docType"] = ""
		case StepAsset, GlobalRetailAsset:
			f["assetType"] = ""
		}
	}
	return ext
}

// demoFiles makes the files of demo asset number i of library lt: its primary file (a
// placeholder picture or PDF) and, for some advertising assets, a layered working file.
func demoFiles(a *demoAsset, lt string, li, i int, ext string) []*demoFile {
	f := a.fields
	slug := func(s string) string {
		return strings.ToLower(strings.NewReplacer(" ", "-", "/", "-", "'", "").Replace(s))
	}
	files := []*demoFile{}
	filename := fmt.Sprintf("%s-%03d-%s%s", slug(lt), i+1, slug(f["name"]), ext)
	if len(filename) > 120 {
		filename = filename[:116] + ext
	}
	primary := &demoFile{assetID: a.id, usage: Primary, filename: filename, key: "uploads/" + lt + "/" + filename}
	primary.id = uuid.NewSHA1(demoNS, []byte(primary.key)).String()
	name, sub, idx := f["name"], lt+" | "+a.status, i
	bg, accent := pick(palette, i+li*3), pick(palette, i/2+li+1)
	switch ext {
	case ".jpg", ".png":
		// Demo pictures are thumbnail-sized already, so each is its own thumbnail.
		w, h := 330, 220
		if f["orientation"] == "Portrait" {
			w, h = 220, 330
		}
		if lt == AdvertisingLogo {
			w, h = 260, 260
		}
		primary.width, primary.height = w, h
		primary.contentType = map[string]string{".jpg": "image/jpeg", ".png": "image/png"}[ext]
		primary.thumbKey = primary.key
		png := ext == ".png"
		primary.render = func() ([]byte, error) {
			img := placeholder(w, h, lighten(bg), accent, name, sub, idx)
			if png {
				return encodePNG(img)
			}
			return encodeJPEG(img)
		}
	default:
		primary.contentType = "application/pdf"
		primary.body = demoPDF(name, sub)
	}
	files = append(files, primary)
	if lt == AdvertisingAsset && i%4 == 0 {
		wf := &demoFile{assetID: a.id, usage: WorkingFile, contentType: "image/vnd.adobe.photoshop",
			filename: strings.TrimSuffix(filename, ext) + "-layered.psd"}
		wf.key = "uploads/" + lt + "/" + wf.filename
		wf.id = uuid.NewSHA1(demoNS, []byte(wf.key)).String()
		wf.body = append([]byte("8BPS\x00\x01"), bytes.Repeat([]byte{0}, 2048)...)
		files = append(files, wf)
	}
	return files
}

func lighten(c color.RGBA) color.RGBA {
	return color.RGBA{uint8(200 + int(c.R)/5), uint8(200 + int(c.G)/5), uint8(200 + int(c.B)/5), 255}
}

// demoPDF is a minimal one-page PDF naming the document.
func demoPDF(title, sub string) []byte {
	esc := strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`)
	content := fmt.Sprintf("BT /F1 20 Tf 60 720 Td (%s) Tj 0 -30 Td /F1 12 Tf (%s) Tj ET", esc.Replace(title), esc.Replace(sub))
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
	}
	return pdf.Assemble(objs)
}

// seeder renders the demo files into the blob store (in parallel) and loads the rows with COPY.
func seeder(blobs storage.Store) func(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
	return func(ctx context.Context, tx pgx.Tx, env registry.SeedEnv) error {
		assets := demoAssets()
		var files []*demoFile
		for _, a := range assets {
			files = append(files, a.files...)
		}
		work := make(chan *demoFile)
		errs := make(chan error, 1)
		var wg sync.WaitGroup
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for f := range work {
					if err := storeDemoFile(ctx, blobs, f); err != nil {
						select {
						case errs <- err:
						default:
						}
					}
				}
			}()
		}
		for _, f := range files {
			work <- f
		}
		close(work)
		wg.Wait()
		select {
		case err := <-errs:
			return fmt.Errorf("demo library files: %w", err)
		default:
		}
		var editor *string
		var id string
		if err := tx.QueryRow(ctx, `SELECT id::text FROM users WHERE lower(email) = 'editor@example.com'`).Scan(&id); err == nil {
			editor = &id
		}
		cols := []string{"id", "library_type", "status", "added_by", "begin_date", "expire_date", "created_at", "modified_at"}
		for _, f := range textFields {
			cols = append(cols, f.col)
		}
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"library_assets"}, cols, pgx.CopyFromSlice(len(assets), func(i int) ([]any, error) {
			a := assets[i]
			row := []any{a.id, a.libraryType, a.status, editor, a.begin, a.expire, a.modified, a.modified}
			for _, f := range textFields {
				row = append(row, a.fields[f.json])
			}
			return row, nil
		}))
		if err != nil {
			return err
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"library_files"},
			[]string{"id", "asset_id", "usage_type", "filename", "key", "content_type", "file_size", "width", "height", "thumbnail_key", "state", "add_method", "modified_at"},
			pgx.CopyFromSlice(len(files), func(i int) ([]any, error) {
				f := files[i]
				var w, h any
				if f.width > 0 {
					w, h = f.width, f.height
				}
				return []any{f.id, f.assetID, f.usage, f.filename, f.key, f.contentType, f.size, w, h, f.thumbKey, "Success", "Upload", time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC)}, nil
			}))
		if err == nil {
			env.Log.Debug("demo libraries loaded", "assets", len(assets), "files", len(files))
		}
		return err
	}
}

func storeDemoFile(ctx context.Context, blobs storage.Store, f *demoFile) error {
	body := f.body
	if f.render != nil {
		var err error
		if body, err = f.render(); err != nil {
			return err
		}
	}
	f.size = int64(len(body))
	return blobs.Put(ctx, f.key, bytes.NewReader(body), f.size, f.contentType)
}
