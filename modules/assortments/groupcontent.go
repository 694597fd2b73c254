package assortments

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/microcosm-cc/bluemonday"
	"github.com/riverqueue/river"

	"its/core/httpx"
	"its/core/jobs"
	"its/core/storage"
	"its/core/uploads"
)

// Custom content of a display group (spec §3.2 customContent: displayGroup, html, previewJpg,
// sourceFile): a piece of html shown with the group on the sort page and on the showroom's
// divider, a preview image and a source file. The files are `displayGroup` uploads in the
// assortment's folder assortments/{id}/customContent/ (platform spec §9 upload paths); an
// image's preview is drawn by a job into its preview/ subfolder, which an upload cannot name.

// CustomContent is what a display group shows besides its styles. The keys are stored; the URLs
// are signed for the browser when the groups are read.
type CustomContent struct {
	HTML       string `json:"html"`
	PreviewJpg string `json:"previewJpg"`
	SourceFile string `json:"sourceFile"`
	PreviewURL string `json:"previewUrl,omitempty"`
	SourceURL  string `json:"sourceUrl,omitempty"`
}

// empty: nothing to show.
func (c *CustomContent) empty() bool {
	return c == nil || (c.HTML == "" && c.PreviewJpg == "" && c.SourceFile == "")
}

// stored is c without its signed URLs, as the column holds it.
func (c CustomContent) stored() CustomContent {
	return CustomContent{HTML: c.HTML, PreviewJpg: c.PreviewJpg, SourceFile: c.SourceFile}
}

// Messages of the custom content's refusals.
const (
	MsgContentTooLarge = "The custom content is too long: at most %d bytes of html"
	MsgContentFile     = "This file is not a custom content upload of this assortment"
	MsgContentUpload   = "The file is larger than the limit of %d bytes for custom content"
)

// contentPolicy is the html a group may show: text formatting, lists, headings, tables, links
// (http, https and mailto, opened without the referrer) and images from https; no script, no
// style, no event handler, no form, no frame, and no other URL scheme.
var contentPolicy = func() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowStandardURLs()
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.AllowElements("p", "br", "hr", "div", "span", "b", "strong", "i", "em", "u", "s", "small", "sub", "sup",
		"h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code",
		"table", "thead", "tbody", "tr", "th", "td", "caption", "figure", "figcaption")
	p.AllowAttrs("href", "title").OnElements("a")
	p.AllowAttrs("src", "alt", "title", "width", "height").OnElements("img")
	p.AllowImages()
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	return p
}()

// SanitizeContentHTML answers html as a group may show it, refusing html over
// ContentMaxHTMLBytes before any of it is parsed.
func SanitizeContentHTML(html string) (string, error) {
	if len(html) > ContentMaxHTMLBytes {
		//lint:ignore ST1005 the message is shown to the user as it is
		return "", fmt.Errorf(MsgContentTooLarge, ContentMaxHTMLBytes)
	}
	return strings.TrimSpace(contentPolicy.Sanitize(html)), nil
}

// contentFolder is the blob folder of an assortment's custom content files.
func contentFolder(assortmentID string) string {
	return path.Join("assortments", assortmentID, "customContent")
}

// contentPreviewKey is where the preview of the custom content image key is drawn.
func contentPreviewKey(key string) string {
	return path.Join(path.Dir(key), "preview", strings.TrimSuffix(path.Base(key), path.Ext(key))+".jpg")
}

// contentPreviewable are the images a preview is drawn from (the decoder's formats).
var contentPreviewable = []string{".jpg", ".jpeg", ".png", ".gif"}

// contentSources are the source files besides images: a PDF, a Photoshop or Illustrator file.
var contentSources = []string{".pdf", ".psd", ".ai"}

// checkContentKeys refuses a source file that is not a file of the assortment's customContent
// folder, or a preview that is not the preview of such an image; both files must be stored.
func (s *Service) checkContentKeys(ctx context.Context, assortmentID string, c *CustomContent) error {
	dir := contentFolder(assortmentID)
	exists := func(key string) bool {
		_, err := s.blobs.Stat(ctx, key)
		return err == nil
	}
	if c.SourceFile != "" && (path.Dir(c.SourceFile) != dir || !exists(c.SourceFile)) {
		return httpx.Invalid(httpx.FieldError{Field: "customContent.sourceFile", Rule: "upload", Message: MsgContentFile})
	}
	if c.PreviewJpg != "" {
		ok := path.Dir(c.PreviewJpg) == path.Join(dir, "preview")
		if ok {
			stem := strings.TrimSuffix(path.Base(c.PreviewJpg), ".jpg")
			ok = slices.ContainsFunc(contentPreviewable, func(e string) bool { return exists(path.Join(dir, stem+e)) })
		}
		if !ok {
			return httpx.Invalid(httpx.FieldError{Field: "customContent.previewJpg", Rule: "upload", Message: MsgContentFile})
		}
	}
	return nil
}

// checkContentBatches sanitises the html of every updateDisplayGroup batch in place and checks
// its files, before anything is applied.
func (s *Service) checkContentBatches(ctx context.Context, assortmentID string, batches []GroupSortBatch) error {
	for i := range batches {
		c := batches[i].CustomContent
		if batches[i].Type != BatchUpdateDisplayGroup || c == nil {
			continue
		}
		html, err := SanitizeContentHTML(c.HTML)
		if err != nil {
			return httpx.Invalid(httpx.FieldError{Field: fmt.Sprintf("batches[%d].customContent.html", i), Rule: "max", Message: err.Error()})
		}
		*c = CustomContent{HTML: html, PreviewJpg: c.PreviewJpg, SourceFile: c.SourceFile}
		if err := s.checkContentKeys(ctx, assortmentID, c); err != nil {
			return err
		}
	}
	return nil
}

// signContent gives the browser links to the groups' custom content files.
func (s *Service) signContent(ctx context.Context, groups []*DisplayGroup) error {
	ttl := s.cfg.Storage.URLTTL.Duration
	for _, g := range groups {
		c := g.CustomContent
		if c == nil {
			continue
		}
		var err error
		if c.PreviewJpg != "" {
			if c.PreviewURL, err = s.blobs.SignedGetURL(ctx, c.PreviewJpg, "", ttl); err != nil {
				return err
			}
		}
		if c.SourceFile != "" {
			if c.SourceURL, err = s.blobs.SignedGetURL(ctx, c.SourceFile, "", ttl); err != nil {
				return err
			}
		}
	}
	return nil
}

// parseContent reads a stored custom_content column.
func parseContent(raw []byte) *CustomContent {
	var c CustomContent
	if len(raw) == 0 || json.Unmarshal(raw, &c) != nil || c.empty() {
		return nil
	}
	return &c
}

// contentJSON is the column value of c.
func contentJSON(c *CustomContent) []byte {
	if c.empty() {
		return []byte("{}")
	}
	b, _ := json.Marshal(c.stored())
	return b
}

// checkContentUpload refuses a custom content file over its limit before the upload starts.
func checkContentUpload(u *uploads.Upload) error {
	limit := int64(ContentMaxSourceBytes)
	if slices.Contains(uploads.Images, strings.ToLower(path.Ext(u.Filename))) {
		limit = ContentMaxImageBytes
	}
	if u.FileSize > limit {
		return uploads.Field("fileSize", "max", fmt.Sprintf(MsgContentUpload, limit))
	}
	return nil
}

// ContentUploaded is the answer of a finished custom content upload: the key to send as the
// group's sourceFile, and for an image the key its preview is being drawn to (previewJpg).
type ContentUploaded struct {
	SourceFile string `json:"sourceFile"`
	PreviewJpg string `json:"previewJpg,omitempty"`
}

// ContentPreviewArgs asks for the preview of a custom content image.
type ContentPreviewArgs struct {
	Key string `json:"key"`
}

// Kind names the job (module.yaml jobs).
func (ContentPreviewArgs) Kind() string { return "assortments.contentPreview" }

// contentUploaded queues the preview of an uploaded image, in the completing transaction.
func (s *Service) contentUploaded(ctx context.Context, tx pgx.Tx, u *uploads.Upload) (any, error) {
	res := ContentUploaded{SourceFile: u.Key}
	if !slices.Contains(contentPreviewable, strings.ToLower(path.Ext(u.Key))) {
		return res, nil
	}
	if _, err := s.queue.Enqueue(ctx, tx, ContentPreviewArgs{Key: u.Key}, jobs.Spec{Title: "preview " + u.Key, MaxAttempts: 3}); err != nil {
		return nil, err
	}
	res.PreviewJpg = contentPreviewKey(u.Key)
	return res, nil
}

type contentPreviewWorker struct {
	river.WorkerDefaults[ContentPreviewArgs]
	svc *Service
}

// Work draws the preview beside the image, within the server's pixel limits; an image too large
// or unreadable keeps no preview.
func (w *contentPreviewWorker) Work(ctx context.Context, job *river.Job[ContentPreviewArgs]) error {
	s, key := w.svc, job.Args.Key
	rc, _, err := s.blobs.Get(ctx, key)
	if errors.Is(err, storage.ErrNotFound) {
		return river.JobCancel(fmt.Errorf("custom content %s: %w", key, err))
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	thumb, _, _, err := s.dec.Thumbnail(ctx, rc, ContentPreviewSize)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		return river.JobCancel(fmt.Errorf("custom content %s: %w", key, err))
	}
	return s.blobs.Put(ctx, contentPreviewKey(key), bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg")
}

func contentRegistration(s *Service) jobs.Registration {
	return jobs.Registration{Workers: func(w *river.Workers) { river.AddWorker(w, &contentPreviewWorker{svc: s}) }}
}
