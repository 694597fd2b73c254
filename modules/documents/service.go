package documents

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
	"its/core/mail"
	"its/core/pdf"
	"its/core/storage"
	"its/modules/actions"
	"its/modules/assortments"
	"its/modules/products"
)

// Service holds the documents rules: rendering, saved documents, shares and schedules.
type Service struct {
	db      *pgxpool.Pool
	store   *Store
	assort  AssortmentReader
	orgs    map[string]AssortmentReader // the readers of the other organisation types, by type
	prods   products.Reader
	pdf     *pdf.Renderer
	grouper Grouper
	blobs   storage.Store
	queue   *jobs.Queue
	outbox  *mail.Outbox
	authz   *authz.Engine
	users   *identity.Store
	cfg     *config.Config
	log     *slog.Logger
	now     func() time.Time
}

// AssortmentReader reads an assortment and its rows as the caller (what they may not see is a
// 404): the assortment manager's service, or one scoped to an organisation type.
type AssortmentReader interface {
	Stream(ctx context.Context, id string, withRows bool, head func(*assortments.Assortment) error, each func(*assortments.Row) error) error
	MarkScheduled(ctx context.Context, id string, next *time.Time) error
}

// reader is the reader of the assortments of orgType: the regular service for "" and
// "regular", the type's own service otherwise (an unknown type reads nothing: a 404).
func (s *Service) reader(orgType string) (AssortmentReader, error) {
	if orgType == "" || orgType == assortments.OrgRegular {
		return s.assort, nil
	}
	if r, ok := s.orgs[orgType]; ok {
		return r, nil
	}
	return nil, httpx.NotFound("assortment")
}

// ServiceParams wire the service.
type ServiceParams struct {
	fx.In
	DB          *pgxpool.Pool
	Store       *Store
	Assortments assortments.Assortments
	// Scoped are the services of the other organisation types (internal assortments), which
	// the modules owning them provide.
	Scoped   []assortments.Scoped `group:"assortments.scoped"`
	Products products.Reader
	PDF      *pdf.Renderer
	Grouper  Grouper `optional:"true"`
	Blobs    storage.Store
	Queue    *jobs.Queue
	Outbox   *mail.Outbox
	Authz    *authz.Engine
	Users    *identity.Store
	Config   *config.Config
	Log      *slog.Logger
}

// NewService gives the service; without a Grouper in the graph it groups by the assortment's
// own grouping (NewGrouper).
func NewService(p ServiceParams) *Service {
	g := p.Grouper
	if g == nil {
		g = NewGrouper()
	}
	orgs := map[string]AssortmentReader{}
	for _, o := range p.Scoped {
		orgs[o.OrgType] = o.Service
	}
	return &Service{db: p.DB, store: p.Store, assort: p.Assortments, orgs: orgs, prods: p.Products, pdf: p.PDF, grouper: g, blobs: p.Blobs,
		queue: p.Queue, outbox: p.Outbox, authz: p.Authz, users: p.Users, cfg: p.Config, log: p.Log, now: time.Now}
}

func me(ctx context.Context) *identity.User { return identity.FromContext(ctx) }

// Rendered is a rendered document.
type Rendered struct {
	Filename    string
	ContentType string
	Data        []byte
}

// ContentTypes of the two file types.
var contentTypes = map[string]string{FileTypePdf: "application/pdf", FileTypeXlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	FileTypeZip: "application/zip"}

// Render builds the document of req as fileType. progress gets 0-100.
func (s *Service) Render(ctx context.Context, req *Request, fileType string, progress func(int)) (*Rendered, error) {
	if progress == nil {
		progress = func(int) {}
	}
	if fileType == FileTypePdf {
		if err := s.pdf.Ready(); err != nil {
			return nil, errNoRenderer(err)
		}
	}
	sh, err := s.sheet(ctx, req.OrgType, req, 0, progress)
	if err != nil {
		return nil, err
	}
	var data []byte
	switch fileType {
	case FileTypePdf:
		data, err = s.PDF(ctx, sh)
	case FileTypeXlsx:
		var buf bytes.Buffer
		err = sh.XLSX(&buf)
		data = buf.Bytes()
	default:
		return nil, httpx.Invalid(httpx.FieldError{Field: "fileType", Rule: "oneOf", Message: "fileType must be pdf or xlsx"})
	}
	if err != nil {
		return nil, err
	}
	progress(95)
	return &Rendered{Filename: fileName(req.Filename, sh.Title, req.DocumentType, fileType), ContentType: contentTypes[fileType], Data: data}, nil
}

// Preview renders page (1-3) of the document as a PNG, for the settings panel: the real layout's
// page, by the same renderer. It reads the document's first rows, and more while that page is
// the last of what it read (a packed page is final once a later page starts), so the preview
// renders no more of a large assortment than its first pages.
func (s *Service) Preview(ctx context.Context, req *Request, pageNo int) ([]byte, error) {
	if pageNo < 1 || pageNo > 3 {
		return nil, httpx.Invalid(httpx.FieldError{Field: "page", Rule: "range", Message: "page must be 1, 2 or 3"})
	}
	if err := s.pdf.Ready(); err != nil {
		return nil, errNoRenderer(err)
	}
	for limit := PreviewRows; ; limit *= 4 {
		sh, err := s.sheet(ctx, req.OrgType, req, min(limit, MaxRows), func(int) {})
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		if err := sh.HTML(&buf); err != nil {
			return nil, err
		}
		more := sh.Truncated && limit < MaxRows
		pages := fmt.Sprint(pageNo)
		if more {
			pages = fmt.Sprintf("%d-%d", pageNo, pageNo+1)
		}
		doc, err := s.pdf.RenderHTML(ctx, buf.String(), pdf.Options{PreferCSSPageSize: true, PageRanges: pages})
		beyond := err != nil && (strings.Contains(err.Error(), "Page range exceeds page count") || strings.Contains(err.Error(), "page range"))
		if more && (beyond || (err == nil && pdfPageCount(doc) < 2)) {
			continue
		}
		if beyond {
			return nil, httpx.NotFound("Page")
		}
		if errors.Is(err, pdf.ErrUnavailable) {
			return nil, errNoRenderer(err)
		}
		if err != nil {
			return nil, err
		}
		png, err := s.pdf.FirstPagePNG(ctx, doc)
		if errors.Is(err, pdf.ErrUnavailable) {
			return nil, errNoRenderer(err)
		}
		return png, err
	}
}

// pdfPageCount counts the page objects of a PDF Chromium printed.
func pdfPageCount(doc []byte) int { return len(pageObject.FindAll(doc, -1)) }

var pageObject = regexp.MustCompile(`/Type\s*/Page[^s]`)

// ---- saved documents ----

// check validates a request against its assortment (which the caller must be able to see).
func (s *Service) check(ctx context.Context, req *Request) error {
	_, err := s.sheet(ctx, req.OrgType, req, 1, func(int) {})
	return err
}

// regularOnly refuses a saved, shared or scheduled document of an assortment that is not
// regular: those are read later, without the caller's organisation type.
func regularOnly(req *Request) error {
	if req.OrgType != "" && req.OrgType != assortments.OrgRegular {
		return httpx.Invalid(httpx.FieldError{Field: "orgType", Rule: "regular", Message: "Only a regular assortment's document can be saved, shared or scheduled"})
	}
	return nil
}

// Save stores a document's settings (and schedule); it answers the document and the toast.
func (s *Service) Save(ctx context.Context, req *Request) (*Document, string, error) {
	if err := regularOnly(req); err != nil {
		return nil, "", err
	}
	if err := s.check(ctx, req); err != nil {
		return nil, "", err
	}
	var bad []httpx.FieldError
	if req.Frequency != "" && !slices.Contains(Frequencies, req.Frequency) {
		bad = append(bad, httpx.FieldError{Field: "frequency", Rule: "oneOf", Message: "frequency must be daily, weekly or monthly"})
	}
	bad = append(bad, req.checkMail(req.Frequency != "")...)
	if len(bad) > 0 {
		return nil, "", httpx.Invalid(bad...)
	}
	if req.FileType == "" {
		req.FileType = FileTypePdf
	}
	var out *Document
	msg := MsgSaved
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		d := &Document{ownerID: me(ctx).ID}
		if req.ID != "" {
			prev, err := s.mine(ctx, tx, req.ID)
			if err != nil {
				return err
			}
			d = prev
			switch {
			case prev.Frequency == "" && req.Frequency != "":
				msg = MsgScheduled
			case prev.Frequency != "" && req.Frequency != "":
				msg = MsgScheduleUpdated
			case prev.Frequency != "" && req.Frequency == "":
				msg = MsgScheduleDeleted
			}
		} else if req.Frequency != "" {
			msg = MsgScheduled
		}
		d.AssortmentID, d.DocumentType, d.FileType, d.Settings = req.Assortment, req.DocumentType, req.FileType, req.Settings
		d.DisplayName = strings.TrimSpace(req.DisplayName)
		if d.DisplayName == "" {
			d.DisplayName = strings.TrimSpace(req.Filename)
		}
		if d.DisplayName == "" {
			d.DisplayName = req.DocumentType.Type + " " + req.DocumentType.SubType
		}
		name, err := s.store.uniqueName(ctx, tx, d.ownerID, d.ID, d.DisplayName)
		if err != nil {
			return err
		}
		d.DisplayName = name
		d.Filename, d.Subject, d.Body = strings.TrimSpace(req.Filename), req.Subject, req.Body
		d.Recipients, d.BCCRecipients = req.Recipients, req.BCCRecipients
		if d.Frequency != req.Frequency || (req.Frequency != "" && d.NextRunAt == nil) {
			d.NextRunAt = nil
			if req.Frequency != "" {
				next := advance(s.now(), req.Frequency, s.now())
				d.NextRunAt = &next
			}
		}
		d.Frequency = req.Frequency
		saved, err := s.store.save(ctx, tx, d)
		if err != nil {
			return err
		}
		out = saved
		return s.markScheduled(ctx, tx, saved.AssortmentID)
	})
	return out, msg, err
}

// markScheduled tells the assortment manager the assortment's next scheduled run (its
// Scheduled list shows assortments with one).
func (s *Service) markScheduled(ctx context.Context, tx pgx.Tx, assortmentID string) error {
	next, err := s.store.nextScheduled(ctx, tx, assortmentID)
	if err != nil {
		return err
	}
	return s.assort.MarkScheduled(ctx, assortmentID, next)
}

// mine reads a document the caller owns (another user's answers 404, like a missing one).
func (s *Service) mine(ctx context.Context, tx pgx.Tx, id string) (*Document, error) {
	if !httpx.IsUUID(id) {
		return nil, httpx.NotFound("Document")
	}
	d, err := s.store.get(ctx, tx, id)
	if errors.Is(err, errNotFound) || (err == nil && d.ownerID != me(ctx).ID) {
		return nil, httpx.NotFound("Document")
	}
	return d, err
}

// List answers the caller's documents.
func (s *Service) List(ctx context.Context, assortmentID string) ([]*Document, error) {
	if assortmentID != "" && !httpx.IsUUID(assortmentID) {
		return []*Document{}, nil
	}
	return s.store.list(ctx, me(ctx).ID, assortmentID)
}

// Get answers one of the caller's documents with its public files.
func (s *Service) Get(ctx context.Context, id string) (*Document, error) {
	d, err := s.mine(ctx, nil, id)
	if err != nil {
		return nil, err
	}
	if d.Files, err = s.store.files(ctx, d.ID); err != nil {
		return nil, err
	}
	return d, nil
}

// Delete removes one of the caller's documents; its links stop working.
func (s *Service) Delete(ctx context.Context, id string) (string, error) {
	var files []File
	msg := MsgScheduleDeleted
	err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		d, err := s.mine(ctx, tx, id)
		if err != nil {
			return err
		}
		if files, err = s.store.files(ctx, d.ID); err != nil {
			return err
		}
		if err := s.store.delete(ctx, tx, d.ID); err != nil {
			return err
		}
		return s.markScheduled(ctx, tx, d.AssortmentID)
	})
	if err == nil {
		s.removeBlobs(ctx, id, files)
	}
	return msg, err
}

func (s *Service) removeBlobs(ctx context.Context, docID string, files []File) {
	for _, f := range files {
		_ = s.blobs.Delete(ctx, fileKey(docID, f.Kind, f.ID, f.Filename))
	}
}

// ---- shares and public files ----

// newCode is an access code: 32 random bytes, URL-safe; only its hash is kept.
func newCode() (string, []byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, err
	}
	code := base64.RawURLEncoding.EncodeToString(b)
	h := sha256.Sum256([]byte(code))
	return code, h[:], nil
}

func hashCode(code string) []byte {
	h := sha256.Sum256([]byte(code))
	return h[:]
}

// fileKey is where a public file's bytes live in the blob store.
func fileKey(docID, kind, fileID, filename string) string {
	return fmt.Sprintf("documents/%s/%s/%s/%s", docID, kind, fileID, filename)
}

// ShareResult is the answer of a share.
type ShareResult struct {
	Document *Document `json:"document"`
	FileID   string    `json:"fileId"`
	URL      string    `json:"url"`
	Expires  time.Time `json:"expiresDate"`
}

// Share renders the document as fileType, keeps the file, and mails recipients (and each bcc
// recipient apart, so no one sees them) a link that works without a login until it expires or
// is revoked. A document not yet saved is saved first (the link names it).
func (s *Service) Share(ctx context.Context, fileType string, req *Request) (*ShareResult, error) {
	if !slices.Contains(FileTypes, fileType) {
		return nil, httpx.NotFound("File type")
	}
	if err := regularOnly(req); err != nil {
		return nil, err
	}
	if bad := req.checkMail(true); len(bad) > 0 {
		return nil, httpx.Invalid(bad...)
	}
	if req.ID != "" {
		if _, err := s.mine(ctx, nil, req.ID); err != nil {
			return nil, err
		}
	}
	file, err := s.Render(ctx, req, fileType, nil)
	if err != nil {
		return nil, err
	}
	code, hash, err := newCode()
	if err != nil {
		return nil, err
	}
	expires := s.now().Add(ShareTTL)
	var res ShareResult
	var key string
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		doc, err := s.saveForShare(ctx, tx, req, fileType)
		if err != nil {
			return err
		}
		all := append(slices.Clone(req.Recipients), req.BCCRecipients...)
		id, err := s.store.addFile(ctx, tx, doc.ID, "shared", hash, fileType, file.Filename, "pending", all, me(ctx).ID, expires)
		if err != nil {
			return err
		}
		key = fileKey(doc.ID, "shared", id, file.Filename)
		if err := s.store.setBlobKey(ctx, tx, id, key); err != nil {
			return err
		}
		link := s.link(fileType, "shared", doc.ID, code, file.Filename)
		res = ShareResult{Document: doc, FileID: id, URL: link, Expires: expires}
		// The blob goes in before the transaction commits: a failed put leaves no row behind.
		if err := s.blobs.Put(ctx, key, bytes.NewReader(file.Data), int64(len(file.Data)), file.ContentType); err != nil {
			return err
		}
		return s.mail(ctx, tx, doc, req, "mailShared", link, file.Filename, expires)
	})
	if err != nil {
		if key != "" {
			_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		}
		return nil, err
	}
	return &res, nil
}

// saveForShare answers the saved document a share names, saving the request as a new one when
// it names none.
func (s *Service) saveForShare(ctx context.Context, tx pgx.Tx, req *Request, fileType string) (*Document, error) {
	if req.ID != "" {
		return s.mine(ctx, tx, req.ID)
	}
	name := strings.TrimSpace(req.DisplayName)
	if name == "" {
		name = strings.TrimSpace(req.Filename)
	}
	if name == "" {
		name = req.DocumentType.Type + " " + req.DocumentType.SubType
	}
	d := &Document{ownerID: me(ctx).ID, AssortmentID: req.Assortment, DisplayName: name, Filename: strings.TrimSpace(req.Filename),
		DocumentType: req.DocumentType, FileType: fileType, Settings: req.Settings, Subject: req.Subject, Body: req.Body,
		Recipients: req.Recipients, BCCRecipients: req.BCCRecipients}
	return s.store.save(ctx, tx, d)
}

// link is the public page of a file: /file/{kind}/{fileType}/document/{documentId}/{code}/{filename}.
func (s *Service) link(fileType, kind, docID, code, filename string) string {
	return fmt.Sprintf("%s/file/%s/%s/document/%s/%s/%s", strings.TrimRight(s.cfg.PublicURL, "/"), kind, fileType, docID,
		url.PathEscape(code), url.PathEscape(filename))
}

// mail queues the link's e-mail to the recipients, and one to each bcc recipient.
func (s *Service) mail(ctx context.Context, tx pgx.Tx, doc *Document, req *Request, textKey, link, filename string, expires time.Time) error {
	owner := me(ctx)
	l := labelsFor(req.Settings.Locale)
	if req.Settings.Locale == "" && owner != nil {
		l = labelsFor(owner.Language)
	}
	subject := strings.TrimSpace(req.Subject)
	if subject == "" {
		subject = l.F("mailSubject", "title", doc.DisplayName)
	}
	who := ""
	if owner != nil {
		who = strings.TrimSpace(owner.Name + " " + owner.LastName)
	}
	text := l.F(textKey, "user", who, "filename", filename, "expires", expires.UTC().Format("2006-01-02"))
	body := text + "\n\n" + link + "\n"
	if b := strings.TrimSpace(req.Body); b != "" {
		body = b + "\n\n" + body
	}
	if len(req.Recipients) > 0 {
		if err := s.outbox.Enqueue(ctx, tx, req.Recipients, subject, body); err != nil {
			return err
		}
	}
	for _, b := range req.BCCRecipients {
		if err := s.outbox.Enqueue(ctx, tx, []string{b}, subject, body); err != nil {
			return err
		}
	}
	return nil
}

// Revoke ends a shared link of one of the caller's documents now.
func (s *Service) Revoke(ctx context.Context, fileID string) error {
	if !httpx.IsUUID(fileID) {
		return httpx.NotFound("Shared link")
	}
	owner, err := s.store.fileOwner(ctx, fileID)
	if errors.Is(err, errNotFound) || (err == nil && owner != me(ctx).ID) {
		return httpx.NotFound("Shared link")
	}
	if err != nil {
		return err
	}
	return s.store.revoke(ctx, fileID)
}

// Download is a public file found by its code: kind, file type, document and name must all
// match, and it must be neither revoked nor expired (all answer the same 404).
func (s *Service) Download(ctx context.Context, kind, fileType, docID, code, filename string) (*publicFile, error) {
	gone := httpx.NotFound("Document")
	if len(code) < 20 || len(code) > 200 {
		return nil, gone
	}
	f, err := s.store.fileByCode(ctx, hashCode(code))
	if errors.Is(err, errNotFound) {
		return nil, gone
	}
	if err != nil {
		return nil, err
	}
	if f.kind != kind || f.fileType != fileType || f.docID != docID || f.filename != filename || f.revoked != nil || !s.now().Before(f.expires) {
		return nil, gone
	}
	return f, nil
}

// ---- schedules ----

// advance is the first run after now of a schedule whose last planned run was from.
func advance(from time.Time, freq string, now time.Time) time.Time {
	step := func(t time.Time) time.Time {
		switch freq {
		case FrequencyWeekly:
			return t.AddDate(0, 0, 7)
		case FrequencyMonthly:
			return t.AddDate(0, 1, 0)
		}
		return t.AddDate(0, 0, 1)
	}
	next := step(from)
	for !next.After(now) {
		next = step(next)
	}
	return next
}

// SendNow queues a run of one of the caller's scheduled documents.
func (s *Service) SendNow(ctx context.Context, id string) (int64, error) {
	d, err := s.mine(ctx, nil, id)
	if err != nil {
		return 0, err
	}
	if len(d.Recipients) == 0 {
		return 0, httpx.Invalid(httpx.FieldError{Field: "recipients", Rule: "required", Message: "The document has no recipients to send it to"})
	}
	return s.queue.Enqueue(ctx, nil, SendArgs{DocumentID: d.ID}, jobs.Spec{UserID: me(ctx).ID, Title: d.DisplayName, CancelMessage: MsgCancelled})
}

// run renders a scheduled document as its owner, keeps the file and mails the link.
func (s *Service) run(ctx context.Context, docID string) error {
	d, err := s.store.get(ctx, nil, docID)
	if errors.Is(err, errNotFound) {
		return nil // deleted since it was queued
	}
	if err != nil {
		return err
	}
	owner, err := s.users.ByID(ctx, d.ownerID)
	if err != nil {
		return err
	}
	ctx = identity.WithUser(ctx, owner)
	if ok, err := s.authz.Allowed(ctx, owner, actions.DocumentsEdit, nil); err != nil || !ok {
		return fmt.Errorf("documents: owner of %s may no longer send documents", docID)
	}
	req := &Request{ID: d.ID, DocumentType: d.DocumentType, Settings: d.Settings, Assortment: d.AssortmentID, Filename: d.Filename,
		DisplayName: d.DisplayName, Subject: d.Subject, Body: d.Body, Recipients: d.Recipients, BCCRecipients: d.BCCRecipients}
	file, err := s.Render(ctx, req, d.FileType, nil)
	if err != nil {
		return err
	}
	code, _, err := newCode()
	if err != nil {
		return err
	}
	now := s.now()
	stamp := fmt.Sprintf("%d.%s", now.Unix(), code)
	expires := now.Add(ScheduledTTL)
	var key string
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		id, err := s.store.addFile(ctx, tx, d.ID, "scheduled", hashCode(stamp), d.FileType, file.Filename, "pending",
			append(slices.Clone(d.Recipients), d.BCCRecipients...), d.ownerID, expires)
		if err != nil {
			return err
		}
		key = fileKey(d.ID, "scheduled", id, file.Filename)
		if err := s.store.setBlobKey(ctx, tx, id, key); err != nil {
			return err
		}
		if err := s.blobs.Put(ctx, key, bytes.NewReader(file.Data), int64(len(file.Data)), file.ContentType); err != nil {
			return err
		}
		return s.mail(ctx, tx, d, req, "mailScheduled", s.link(d.FileType, "scheduled", d.ID, stamp, file.Filename), file.Filename, expires)
	})
	if err != nil {
		if key != "" {
			_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		}
		return err
	}
	return s.store.ran(ctx, d.ID, now)
}
