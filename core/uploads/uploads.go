// Package uploads is ITS's multipart upload flow over the blob store: create (validated, keyed by
// the server, one presigned URL per 10 MiB part), resume (the parts already stored), complete
// (every part, the type checked by its magic bytes, the owning module's record written in the
// same transaction) and abort; a sweeper aborts uploads left behind.
package uploads

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"its/core/authz"
	"its/core/config"
	"its/core/db"
	"its/core/httpx"
	"its/core/identity"
	"its/core/jobs"
	"its/core/metrics"
	"its/core/registry"
	"its/core/storage"
)

// ChunkSize is the part size of the spec (10,485,760 bytes).
const ChunkSize = 10485760

// minChunk is S3's smallest part but the last.
const minChunk = 5 << 20

// Request is the body of POST /api/upload/aws/s3/create. Fields beyond the common ones are a
// usage's own parameters (its Params): they arrive as top-level strings and land in Params.
type Request struct {
	Filename       string            `json:"filename"`
	FileSize       int64             `json:"fileSize"`
	ChunkSize      int64             `json:"chunkSize,omitempty"`
	UsageType      string            `json:"usageType"`
	AttachTo       string            `json:"attachTo,omitempty"`
	ContentType    string            `json:"contentType,omitempty"`
	ForceOverwrite bool              `json:"forceOverwrite,omitempty"`
	HashID         string            `json:"hashId,omitempty"`
	DisplayName    string            `json:"displayName,omitempty"`
	Params         map[string]string `json:"-"`
}

// requestFields are Request's own JSON names; any other key is a usage parameter.
var requestFields = map[string]bool{"filename": true, "fileSize": true, "chunkSize": true, "usageType": true,
	"attachTo": true, "contentType": true, "forceOverwrite": true, "hashId": true, "displayName": true}

// UnmarshalJSON reads the common fields strictly and collects every other key, which must hold a
// string, into Params; the service refuses a key no usage declares.
func (r *Request) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	known := make(map[string]json.RawMessage, len(all))
	for k, v := range all {
		if requestFields[k] {
			known[k] = v
			continue
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return &json.UnmarshalTypeError{Value: "non-string", Type: reflect.TypeFor[string](), Field: k}
		}
		if r.Params == nil {
			r.Params = map[string]string{}
		}
		r.Params[k] = s
	}
	kb, err := json.Marshal(known)
	if err != nil {
		return err
	}
	type plain Request
	dec := json.NewDecoder(bytes.NewReader(kb))
	dec.DisallowUnknownFields()
	return dec.Decode((*plain)(r))
}

// Upload is a recorded upload.
type Upload struct {
	ID          string            `json:"uploadId"`
	UserID      string            `json:"-"`
	State       string            `json:"status"`
	UsageType   string            `json:"usageType"`
	AttachTo    string            `json:"attachTo,omitempty"`
	Filename    string            `json:"filename"`
	DisplayName string            `json:"displayName"`
	ContentType string            `json:"contentType"`
	Bucket      string            `json:"bucket"`
	Key         string            `json:"key"`
	FileSize    int64             `json:"fileSize"`
	ChunkSize   int64             `json:"chunkSize"`
	Parts       int               `json:"parts"`
	Result      json.RawMessage   `json:"result,omitempty"`
	Params      map[string]string `json:"-"` // the usage's parameters, answered beside the fields above (withParams)
	storageID   string
}

// withParams adds an upload's usage parameters to its JSON b as top-level fields, as the
// request sent them (the answers embed Upload; each marshals through this).
func withParams(b []byte, err error, params map[string]string) ([]byte, error) {
	if err != nil || len(params) == 0 {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	for k, v := range params {
		if _, own := m[k]; !own && v != "" {
			m[k], _ = json.Marshal(v)
		}
	}
	return json.Marshal(m)
}

// Usage is one usage type, declared by the module that owns it (provide it with AsUsage): who
// may upload, which files, where they go, and what the module records when one completes.
type Usage struct {
	// Type is the request's usageType.
	Type string
	// Extensions are the allowed file extensions, lower case with the dot (see Images); each
	// must be one the upload flow can check by its magic bytes.
	Extensions []string
	// Params names the request's extra string fields the usage reads (e.g. a folder).
	Params []string
	// Check refuses a request whose own fields are missing or wrong (an httpx field error); it
	// runs before the file is checked. Optional.
	Check func(r *Request) error
	// Action answers the policy action (and resource) asked before the upload starts.
	Action func(r *Request) (string, map[string]any)
	// Key is the blob key of the upload, from the request and the sanitised filename.
	Key func(r *Request, filename string) (string, error)
	// Sniff, when set, checks the file's first bytes in place of its extension's magic bytes;
	// its error is the answer and the upload is refused (e.g. to name why a file is refused).
	// Optional.
	Sniff func(filename string, head []byte) error
	// Validate runs at create, after the built-in checks (e.g. refuse a duplicate filename).
	// Optional.
	Validate func(ctx context.Context, u *Upload) error
	// Completed runs inside the completing transaction; its answer is stored as the upload's
	// result and returned to the client (e.g. the new record's id). An error undoes the upload.
	// Optional.
	Completed func(ctx context.Context, tx pgx.Tx, u *Upload) (any, error)
}

// AsUsage annotates a constructor of Usage for the uploads' fx group.
func AsUsage(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"uploads.usages"`)))
}

// AsUsages is AsUsage for a constructor of several usages ([]Usage).
func AsUsages(ctor any) fx.Option {
	return fx.Provide(fx.Annotate(ctor, fx.ResultTags(`group:"uploads.usages,flatten"`)))
}

// RequireAttachTo is a Check for usages keyed by attachTo: it must be there (missing says
// missing) and be one safe folder name.
func RequireAttachTo(missing string) func(r *Request) error {
	return func(r *Request) error {
		if r.AttachTo == "" {
			return field("attachTo", "required", missing)
		}
		if _, err := storage.Segment(r.AttachTo); err != nil {
			return field("attachTo", "format", "attachTo may hold only letters, digits, - and _")
		}
		return nil
	}
}

// Field is the field error a usage's Check answers.
func Field(name, rule, msg string) error { return field(name, rule, msg) }

// Service runs uploads.
type Service struct {
	db     *pgxpool.Pool
	store  storage.Store
	az     *authz.Engine
	cfg    *config.Config
	log    *slog.Logger
	usages map[string]Usage
	params map[string]bool // every usage's parameter names
	m      *metrics.Metrics
}

// Params wire the service.
type Params struct {
	fx.In
	DB     *pgxpool.Pool
	Store  storage.Store
	Authz  *authz.Engine
	Config *config.Config
	Log    *slog.Logger
	Usages []Usage `group:"uploads.usages"`
	// Metrics counts started and completed uploads (optional: tools build the service without).
	Metrics *metrics.Metrics `optional:"true"`
}

// NewService builds the service; a usage declared twice, without its action or key, or allowing
// an extension whose content cannot be checked stops start-up.
func NewService(p Params) (*Service, error) {
	s := &Service{db: p.DB, store: p.Store, az: p.Authz, cfg: p.Config, log: p.Log, usages: map[string]Usage{}, params: map[string]bool{}, m: p.Metrics}
	for _, u := range p.Usages {
		if _, dup := s.usages[u.Type]; dup || u.Type == "" {
			return nil, fmt.Errorf("uploads: usage type %q is empty or declared twice", u.Type)
		}
		if u.Action == nil || u.Key == nil || len(u.Extensions) == 0 {
			return nil, fmt.Errorf("uploads: usage type %q needs Action, Key and Extensions", u.Type)
		}
		for _, e := range u.Extensions {
			if _, ok := fileTypes[e]; !ok {
				return nil, fmt.Errorf("uploads: usage type %q allows %q, whose content cannot be checked", u.Type, e)
			}
		}
		for _, name := range u.Params {
			if requestFields[name] {
				return nil, fmt.Errorf("uploads: usage type %q declares parameter %q, a field of every request", u.Type, name)
			}
			s.params[name] = true
		}
		s.usages[u.Type] = u
	}
	return s, nil
}

// types lists the usage types, sorted, for error messages.
func (s *Service) types() string {
	ts := make([]string, 0, len(s.usages))
	for t := range s.usages {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return strings.Join(ts, ", ")
}

func field(name, rule, msg string) error {
	return httpx.Invalid(httpx.FieldError{Field: name, Rule: rule, Message: msg})
}

// Created is the answer of Create.
type Created struct {
	Upload
	URLs []string `json:"urls"`
}

func (c Created) MarshalJSON() ([]byte, error) {
	type plain Created
	b, err := json.Marshal(plain(c))
	return withParams(b, err, c.Params)
}

// Create validates the request, asks the usage type's permission, starts the multipart upload
// and records it; the answer carries one presigned URL per part.
func (s *Service) Create(ctx context.Context, r Request) (*Created, error) {
	u := identity.FromContext(ctx)
	if strings.TrimSpace(r.Filename) == "" {
		return nil, field("filename", "required", "A filename is required")
	}
	for k := range r.Params {
		if !s.params[k] {
			return nil, &httpx.Error{Status: http.StatusBadRequest, Code: "ITS_ERR_BAD_REQUEST", Message: fmt.Sprintf("Unknown field %q", k),
				Details: []httpx.FieldError{{Field: k, Rule: "unknown", Message: "unknown field"}}}
		}
	}
	use, ok := s.usages[r.UsageType]
	if !ok {
		return nil, field("usageType", "oneOf", "usageType must be one of "+s.types())
	}
	if use.Check != nil {
		if err := use.Check(&r); err != nil {
			return nil, err
		}
	}
	filename, err := storage.SanitizeFilename(r.Filename)
	if err != nil {
		return nil, field("filename", "format", "The filename cannot name a folder")
	}
	if e := ext(filename); !slices.Contains(use.Extensions, e) {
		return nil, field("filename", "fileType", fmt.Sprintf("Files of type %q cannot be uploaded here", e))
	}
	if r.FileSize <= 0 {
		return nil, field("fileSize", "required", "fileSize must be positive")
	}
	if r.FileSize > s.cfg.Storage.MaxUploadBytes {
		return nil, field("fileSize", "max", fmt.Sprintf("The file is larger than the limit of %d bytes", s.cfg.Storage.MaxUploadBytes))
	}
	chunk := r.ChunkSize
	if chunk == 0 {
		chunk = ChunkSize
	}
	if chunk < minChunk || chunk > ChunkSize {
		return nil, field("chunkSize", "range", fmt.Sprintf("chunkSize must be between %d and %d bytes", minChunk, ChunkSize))
	}
	parts := int((r.FileSize + chunk - 1) / chunk)
	if parts > storage.MaxParts {
		return nil, field("fileSize", "max", "The file needs too many parts")
	}
	action, res := use.Action(&r)
	if err := registry.Require(ctx, s.az, action, res); err != nil {
		return nil, err
	}
	key, err := use.Key(&r, filename)
	if err != nil {
		return nil, field("filename", "format", "The upload path is not valid")
	}
	display := r.DisplayName
	if display == "" {
		display = strings.TrimSpace(r.Filename)
	}
	up := &Upload{
		UserID: u.ID, State: "uploading", UsageType: r.UsageType, AttachTo: r.AttachTo, Params: usageParams(use, r.Params),
		Filename: filename, DisplayName: display, ContentType: fileTypes[ext(filename)].contentType,
		Bucket: s.store.Bucket(), Key: key, FileSize: r.FileSize, ChunkSize: chunk, Parts: parts,
	}
	if use.Validate != nil {
		if err := use.Validate(ctx, up); err != nil {
			return nil, err
		}
	}
	sid, err := s.store.CreateMultipart(ctx, key, up.ContentType, chunk)
	if err != nil {
		return nil, err
	}
	up.storageID = sid
	err = s.db.QueryRow(ctx, `INSERT INTO uploads (user_id, usage_type, params, attach_to, filename, display_name, content_type,
		bucket, key, storage_upload_id, file_size, chunk_size, parts)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id::text`,
		up.UserID, up.UsageType, up.Params, up.AttachTo, up.Filename, up.DisplayName, up.ContentType,
		up.Bucket, up.Key, sid, up.FileSize, up.ChunkSize, up.Parts).Scan(&up.ID)
	if err != nil {
		_ = s.store.AbortMultipart(context.WithoutCancel(ctx), key, sid)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == "23505" {
			return nil, httpx.Conflict("Another upload of "+filename+" is in progress", map[string]string{"errorType": "uploadInProgress"})
		}
		return nil, err
	}
	urls, err := s.partURLs(ctx, up, nil)
	if err != nil {
		return nil, err
	}
	s.m.UploadStarted()
	return &Created{Upload: *up, URLs: urls}, nil
}

// usageParams keeps the parameters use declares (another usage's are ignored, as before).
func usageParams(use Usage, sent map[string]string) map[string]string {
	out := map[string]string{}
	for _, name := range use.Params {
		if v, ok := sent[name]; ok {
			out[name] = v
		}
	}
	return out
}

// partURLs presigns the parts not in have.
func (s *Service) partURLs(ctx context.Context, up *Upload, have map[int]bool) ([]string, error) {
	urls := make([]string, 0, up.Parts)
	for n := 1; n <= up.Parts; n++ {
		if have[n] {
			urls = append(urls, "")
			continue
		}
		u, err := s.store.SignedPartURL(ctx, up.Key, up.storageID, n, s.cfg.Storage.URLTTL.Duration)
		if err != nil {
			return nil, err
		}
		urls = append(urls, u)
	}
	return urls, nil
}

const selectUpload = `SELECT id::text, user_id::text, state, usage_type, params, attach_to, filename, display_name, content_type,
	bucket, key, storage_upload_id, file_size, chunk_size, parts, result FROM uploads`

func scanUpload(row pgx.Row) (*Upload, error) {
	var u Upload
	err := row.Scan(&u.ID, &u.UserID, &u.State, &u.UsageType, &u.Params, &u.AttachTo, &u.Filename, &u.DisplayName, &u.ContentType,
		&u.Bucket, &u.Key, &u.storageID, &u.FileSize, &u.ChunkSize, &u.Parts, &u.Result)
	return &u, err
}

// owned loads an upload and asks whether the caller owns it; another user's upload is a 404.
func (s *Service) owned(ctx context.Context, q pgxQuerier, id string, forUpdate bool) (*Upload, error) {
	if len(id) != 36 {
		return nil, httpx.NotFound("Upload")
	}
	sql := selectUpload + ` WHERE id::text = $1`
	if forUpdate {
		sql += ` FOR UPDATE`
	}
	up, err := scanUpload(q.QueryRow(ctx, sql, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, httpx.NotFound("Upload")
	}
	if err != nil {
		return nil, err
	}
	if err := registry.Require(ctx, s.az, ActionUploadsOwn, map[string]any{"ownerId": up.UserID}); err != nil {
		return nil, httpx.NotFound("Upload")
	}
	return up, nil
}

type pgxQuerier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// Resume is what an interrupted upload still needs.
type Resume struct {
	Upload
	Stored  []storage.Part `json:"stored"`
	Missing []int          `json:"missing"`
	URLs    []string       `json:"urls"` // "" for stored parts
}

func (r Resume) MarshalJSON() ([]byte, error) {
	type plain Resume
	b, err := json.Marshal(plain(r))
	return withParams(b, err, r.Params)
}

// Parts lists the parts already stored and presigns the rest.
func (s *Service) Parts(ctx context.Context, id string) (*Resume, error) {
	up, err := s.owned(ctx, s.db, id, false)
	if err != nil {
		return nil, err
	}
	if up.State != "uploading" {
		return nil, httpx.Conflict("This upload is "+up.State, map[string]string{"errorType": "uploadState", "status": up.State})
	}
	stored, err := s.store.ListParts(ctx, up.Key, up.storageID)
	if errors.Is(err, storage.ErrNotFound) {
		return s.lost(ctx, up)
	}
	if err != nil {
		return nil, err
	}
	have := map[int]bool{}
	for _, p := range stored {
		have[p.Number] = true
	}
	missing := []int{}
	for n := 1; n <= up.Parts; n++ {
		if !have[n] {
			missing = append(missing, n)
		}
	}
	urls, err := s.partURLs(ctx, up, have)
	if err != nil {
		return nil, err
	}
	return &Resume{Upload: *up, Stored: stored, Missing: missing, URLs: urls}, nil
}

// assembledETag stands for every part of an upload whose parts were already assembled.
const assembledETag = `"assembled"`

// assembled reports whether up's object is in place with the announced size: a completion a
// crash cut short between assembling the parts (which removes them) and recording the upload.
func (s *Service) assembled(ctx context.Context, up *Upload) bool {
	info, err := s.store.Stat(ctx, up.Key)
	return err == nil && info.Size == up.FileSize
}

// lost answers the resume of an upload whose multipart upload the store no longer has. Assembled
// by a completion a crash cut short: every part counts as stored, so completing again finishes
// the job. Otherwise (an abort cut short) nothing can be resumed: the upload is marked aborted
// and the client starts over.
func (s *Service) lost(ctx context.Context, up *Upload) (*Resume, error) {
	if s.assembled(ctx, up) {
		stored := make([]storage.Part, 0, up.Parts)
		for n := 1; n <= up.Parts; n++ {
			stored = append(stored, storage.Part{Number: n, ETag: assembledETag, Size: min(up.ChunkSize, up.FileSize-int64(n-1)*up.ChunkSize)})
		}
		return &Resume{Upload: *up, Stored: stored, Missing: []int{}, URLs: make([]string, up.Parts)}, nil
	}
	if _, err := s.db.Exec(ctx, `UPDATE uploads SET state = 'aborted', error = 'parts lost', updated_at = now() WHERE id = $1 AND state = 'uploading'`, up.ID); err != nil {
		return nil, err
	}
	return nil, httpx.Conflict("This upload is aborted", map[string]string{"errorType": "uploadState", "status": "aborted"})
}

// CompleteRequest is the body of POST /api/upload/aws/s3/complete.
type CompleteRequest struct {
	Bucket   string            `json:"bucket"`
	Key      string            `json:"key"`
	UploadID string            `json:"uploadId"`
	ETags    []json.RawMessage `json:"etags"`
}

// parseETags accepts ["etag1", ...] (part n at index n-1) or [{"PartNumber":n,"ETag":"..."}].
func parseETags(raw []json.RawMessage) ([]storage.Part, error) {
	parts := make([]storage.Part, 0, len(raw))
	for i, r := range raw {
		var s string
		if json.Unmarshal(r, &s) == nil {
			parts = append(parts, storage.Part{Number: i + 1, ETag: s})
			continue
		}
		var o struct {
			PartNumber int    `json:"PartNumber"`
			ETag       string `json:"ETag"`
		}
		if err := json.Unmarshal(r, &o); err != nil || o.PartNumber < 1 || o.ETag == "" {
			return nil, field("etags["+strconv.Itoa(i)+"]", "format", "each etag is a string or {PartNumber, ETag}")
		}
		parts = append(parts, storage.Part{Number: o.PartNumber, ETag: o.ETag})
	}
	slices.SortFunc(parts, func(a, b storage.Part) int { return a.Number - b.Number })
	return parts, nil
}

// Completed is the answer of Complete.
type Completed struct {
	Upload
}

func (c Completed) MarshalJSON() ([]byte, error) {
	type plain Completed
	b, err := json.Marshal(plain(c))
	return withParams(b, err, c.Params)
}

// Complete assembles the parts, checks the result's size and type, and lets the usage type's
// hook record it, all or nothing: a refused upload leaves no object and no record behind.
func (s *Service) Complete(ctx context.Context, req CompleteRequest) (*Completed, error) {
	if req.UploadID == "" {
		return nil, field("uploadId", "required", "uploadId is required")
	}
	parts, err := parseETags(req.ETags)
	if err != nil {
		return nil, err
	}
	// Once the object exists (stored), a failure removes it and marks the upload failed, after
	// the transaction rolled back.
	var (
		up        *Upload
		res       *Completed
		lost      bool
		objectSet bool
	)
	err = db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		var err error
		up, err = s.owned(ctx, tx, req.UploadID, true)
		if err != nil {
			return err
		}
		if req.Bucket != up.Bucket || req.Key != up.Key {
			return field("key", "match", "bucket and key do not match the upload")
		}
		if up.State == "completed" {
			res = &Completed{Upload: *up}
			return nil
		}
		if up.State != "uploading" {
			return httpx.Conflict("This upload is "+up.State, map[string]string{"errorType": "uploadState", "status": up.State})
		}
		if len(parts) != up.Parts {
			return field("etags", "count", fmt.Sprintf("Error: %d of %d parts were uploaded", len(parts), up.Parts))
		}
		for i, p := range parts {
			if p.Number != i+1 {
				return field("etags", "count", fmt.Sprintf("Error: part %d is missing", i+1))
			}
		}
		// The parts a resume answered as already assembled are not sent to the store again.
		completeErr := storage.ErrNotFound
		if !slices.ContainsFunc(parts, func(p storage.Part) bool { return strings.Trim(p.ETag, `"`) == strings.Trim(assembledETag, `"`) }) {
			completeErr = s.store.CompleteMultipart(ctx, up.Key, up.storageID, parts)
		}
		if err := completeErr; err != nil {
			if errors.Is(err, storage.ErrBadParts) {
				return field("etags", "match", "Error: the parts do not match what was uploaded")
			}
			if !errors.Is(err, storage.ErrNotFound) {
				return err
			}
			// Gone from the store: assembled before a crash and never recorded (go on recording it;
			// the checks below run), or removed by an abort a crash cut short (nothing to complete).
			if !s.assembled(ctx, up) {
				// Whatever parts the store still holds go too: the sweeper looks only at live
				// uploads, so parts left behind an aborted row would stay forever.
				lost = true
				return s.abort(ctx, tx, up, "parts lost")
			}
		}
		// From here the object exists: any failure removes it and marks the upload failed.
		objectSet = true
		info, err := s.store.Stat(ctx, up.Key)
		if err != nil {
			return err
		}
		if info.Size != up.FileSize {
			return field("fileSize", "match", fmt.Sprintf("Error: %d bytes arrived, %d were announced", info.Size, up.FileSize))
		}
		head, err := s.store.ReadHead(ctx, up.Key, 512)
		if err != nil {
			return err
		}
		if use, ok := s.usages[up.UsageType]; ok && use.Sniff != nil {
			if err := use.Sniff(up.Filename, head); err != nil {
				return err
			}
		} else if !sniffOK(up.Filename, head) {
			return field("filename", "fileType", "The file's content does not match its type "+ext(up.Filename))
		}
		result := any(map[string]any{})
		if use, ok := s.usages[up.UsageType]; ok && use.Completed != nil {
			if result, err = use.Completed(ctx, tx, up); err != nil {
				return err
			}
		}
		b, _ := json.Marshal(result)
		if _, err := tx.Exec(ctx, `UPDATE uploads SET state = 'completed', result = $2, updated_at = now() WHERE id = $1`, up.ID, b); err != nil {
			return err
		}
		up.State, up.Result = "completed", b
		return nil
	})
	switch {
	case err != nil && objectSet:
		bg := context.WithoutCancel(ctx)
		_ = s.store.Delete(bg, up.Key)
		_, _ = s.db.Exec(bg, `UPDATE uploads SET state = 'failed', error = $2, updated_at = now() WHERE id = $1`, up.ID, err.Error())
		return nil, err
	case err != nil:
		return nil, err
	case lost:
		return nil, httpx.Conflict("This upload is aborted", map[string]string{"errorType": "uploadState", "status": "aborted"})
	case res != nil:
		return res, nil
	}
	s.m.UploadCompleted(up.FileSize)
	return &Completed{Upload: *up}, nil
}

// Abort removes an upload's parts and marks it aborted.
func (s *Service) Abort(ctx context.Context, id string) error {
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		up, err := s.owned(ctx, tx, id, true)
		if err != nil {
			return err
		}
		if up.State != "uploading" {
			return httpx.Conflict("This upload is "+up.State, map[string]string{"errorType": "uploadState", "status": up.State})
		}
		return s.abort(ctx, tx, up, "aborted by the user")
	})
}

func (s *Service) abort(ctx context.Context, tx pgx.Tx, up *Upload, why string) error {
	if err := s.store.AbortMultipart(ctx, up.Key, up.storageID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE uploads SET state = 'aborted', error = $2, updated_at = now() WHERE id = $1`, up.ID, why)
	return err
}

// Sweep aborts uploads still 'uploading' after olderThan: their parts go, and so does an object
// a crash left between assembling and recording (no completed upload owns its key).
func (s *Service) Sweep(ctx context.Context, olderThan time.Duration) (int, error) {
	rows, err := s.db.Query(ctx, `SELECT id::text FROM uploads WHERE state = 'uploading' AND updated_at < $1 LIMIT 1000`, time.Now().Add(-olderThan))
	if err != nil {
		return 0, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := db.InTx(ctx, s.db, func(tx pgx.Tx) error {
			up, err := scanUpload(tx.QueryRow(ctx, selectUpload+` WHERE id::text = $1 AND state = 'uploading' FOR UPDATE SKIP LOCKED`, id))
			if errors.Is(err, pgx.ErrNoRows) {
				return nil
			}
			if err != nil {
				return err
			}
			var owned bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM uploads WHERE bucket = $1 AND key = $2 AND state = 'completed')`, up.Bucket, up.Key).Scan(&owned); err != nil {
				return err
			}
			if !owned {
				if err := s.store.Delete(ctx, up.Key); err != nil {
					return err
				}
			}
			n++
			return s.abort(ctx, tx, up, "stale: aborted by the sweeper")
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// SweepArgs is the periodic sweep job.
type SweepArgs struct{}

func (SweepArgs) Kind() string { return "uploads.sweep" }

type sweepWorker struct {
	river.WorkerDefaults[SweepArgs]
	svc *Service
}

func (w *sweepWorker) Work(ctx context.Context, _ *river.Job[SweepArgs]) error {
	n, err := w.svc.Sweep(ctx, w.svc.cfg.Storage.StaleUploadTTL.Duration)
	if n > 0 {
		w.svc.log.Info("stale uploads aborted", "count", n)
	}
	return err
}

func registration(svc *Service) jobs.Registration {
	return jobs.Registration{
		Workers: func(w *river.Workers) { river.AddWorker(w, &sweepWorker{svc: svc}) },
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(10*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) { return SweepArgs{}, nil },
			&river.PeriodicJobOpts{RunOnStart: true})},
	}
}
