package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"its/core/plugins/pluginapi"
	"its/core/plugins/sdk"
)

// host is what the plugin uses of the core: SQL in its own schema and the blob store under its
// prefix (sdk.Host implements it).
type host interface {
	DBQuery(ctx context.Context, sql string, args ...any) (*pluginapi.Rows, error)
	DBExec(ctx context.Context, sql string, args ...any) (int64, error)
	StoragePut(ctx context.Context, o *pluginapi.StorageObject) error
	StorageDelete(ctx context.Context, key string) error
	StorageSignedURL(ctx context.Context, r *pluginapi.SignedURLRequest) (string, error)
}

type app struct {
	cat  *Catalogue
	host func(*http.Request) host
	demo bool
}

// Item is one piece of event content as the pages and the grid see it.
type Item struct {
	ID          int64  `json:"id"`
	Event       string `json:"event"`
	Section     string `json:"section"`
	Tab         string `json:"tab"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Kind        string `json:"kind"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	Sort        int    `json:"sort"`
	Version     int    `json:"version"`
	UpdatedAt   string `json:"updatedAt"`
	URL         string `json:"url,omitempty"`
	PosterURL   string `json:"posterUrl,omitempty"`
	blobKey     string
	posterKey   string
}

// ThemeState is a user's state of a landing theme.
type ThemeState struct {
	DisplayMode string `json:"displayMode"`
	IntroPlayed bool   `json:"introPlayed"`
}

const itemColumns = `id, event, section, tab, title, description, kind, content_type, size, sort, version,
	to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), blob_key, poster_key`

func scanItems(rows *pluginapi.Rows) []Item {
	out := make([]Item, 0, len(rows.Rows))
	for _, r := range rows.Rows {
		out = append(out, Item{
			ID: int64(num(r[0])), Event: str(r[1]), Section: str(r[2]), Tab: str(r[3]), Title: str(r[4]),
			Description: str(r[5]), Kind: str(r[6]), ContentType: str(r[7]), Size: int64(num(r[8])),
			Sort: int(num(r[9])), Version: int(num(r[10])), UpdatedAt: str(r[11]), blobKey: str(r[12]), posterKey: str(r[13]),
		})
	}
	return out
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case json.Number:
		f, _ := x.Float64()
		return f
	}
	return 0
}

// sign adds the items' signed URLs.
func sign(ctx context.Context, h host, items []Item) error {
	for i := range items {
		it := &items[i]
		if it.blobKey != "" {
			u, err := h.StorageSignedURL(ctx, &pluginapi.SignedURLRequest{Key: it.blobKey, Filename: downloadName(it.Title, it.blobKey)})
			if err != nil {
				return err
			}
			it.URL = u
		}
		if it.posterKey != "" {
			u, err := h.StorageSignedURL(ctx, &pluginapi.SignedURLRequest{Key: it.posterKey})
			if err != nil {
				return err
			}
			it.PosterURL = u
		}
	}
	return nil
}

// downloadName is the item's title as a file name with its blob's extension.
func downloadName(title, key string) string {
	name := strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < 32 {
			return '_'
		}
		return r
	}, title)
	return name + path.Ext(key)
}

func fail(w http.ResponseWriter, status int, code, msg string) { sdk.Error(w, status, code, msg) }

func invalid(w http.ResponseWriter, field, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"message": msg, "messageCode": "ITS_ERR_VALIDATION",
		"details": map[string]any{"fields": []map[string]string{{"field": field, "message": msg}}},
	})
}

func (a *app) internal(w http.ResponseWriter, what string, err error) {
	sdk.Log.Error(what, "error", err)
	fail(w, http.StatusInternalServerError, "ITS_ERR_INTERNAL", "Unexpected Server Error")
}

// getEvent answers an event's site: its catalogue entry, landing theme with the user's state,
// and every item of content with its signed URL.
func (a *app) getEvent(w http.ResponseWriter, r *http.Request) {
	e, ok := a.cat.event(r.PathValue("event"))
	if !ok {
		fail(w, http.StatusNotFound, "ITS_ERR_NOT_FOUND", "Event "+r.PathValue("event")+" not found")
		return
	}
	h := a.host(r)
	ctx := r.Context()
	if a.demo {
		if err := ensureDemo(ctx, h, a.cat); err != nil {
			sdk.Log.Error("demo content not generated", "error", err)
		}
	}
	rows, err := h.DBQuery(ctx, `SELECT `+itemColumns+` FROM items WHERE event = $1 ORDER BY section, tab, sort, id`, e.ID)
	if err != nil {
		a.internal(w, "reading items", err)
		return
	}
	items := scanItems(rows)
	if err := sign(ctx, h, items); err != nil {
		a.internal(w, "signing item URLs", err)
		return
	}
	out := map[string]any{"event": e, "categories": a.cat.Categories, "items": items, "preparing": preparing.Load()}
	if e.Theme != "" {
		st, err := a.themeState(ctx, h, sdk.UserOf(r), e.Theme)
		if err != nil {
			a.internal(w, "reading theme state", err)
			return
		}
		role := ""
		switch e.Theme {
		case a.cat.Current:
			role = "current"
		case a.cat.Previous:
			role = "previous"
		}
		out["theme"] = map[string]any{"id": e.Theme, "role": role, "config": a.cat.Themes[e.Theme], "state": st}
	}
	sdk.JSON(w, http.StatusOK, out)
}

func (a *app) themeState(ctx context.Context, h host, u *sdk.User, theme string) (ThemeState, error) {
	st := ThemeState{DisplayMode: a.cat.Themes[theme].DisplayMode, IntroPlayed: false}
	if st.DisplayMode == "" {
		st.DisplayMode = modeVideo
	}
	if u == nil {
		return st, nil
	}
	rows, err := h.DBQuery(ctx, `SELECT display_mode, intro_played FROM theme_state WHERE user_id = $1 AND theme = $2`, u.ID, theme)
	if err != nil {
		return st, err
	}
	if len(rows.Rows) == 1 {
		st.DisplayMode = str(rows.Rows[0][0])
		st.IntroPlayed, _ = rows.Rows[0][1].(bool)
	}
	return st, nil
}

// maxJSON bounds the JSON bodies of the plugin's routes.
const maxJSON = 64 << 10

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fail(w, http.StatusBadRequest, "ITS_ERR_BAD_REQUEST", "The request body is not valid JSON for this call: "+err.Error())
		return false
	}
	return true
}

// putState records the user's display mode and whether the theme's intro was played.
func (a *app) putState(w http.ResponseWriter, r *http.Request) {
	e, ok := a.cat.event(r.PathValue("event"))
	if !ok {
		fail(w, http.StatusNotFound, "ITS_ERR_NOT_FOUND", "Event "+r.PathValue("event")+" not found")
		return
	}
	if e.Theme == "" {
		fail(w, http.StatusNotFound, "ITS_ERR_NOT_FOUND", "Event "+e.ID+" has no landing theme")
		return
	}
	var body struct {
		DisplayMode *string `json:"displayMode"`
		IntroPlayed *bool   `json:"introPlayed"`
	}
	if !decode(w, r, &body) {
		return
	}
	if body.DisplayMode != nil && *body.DisplayMode != modeVideo && *body.DisplayMode != modeCatalog {
		invalid(w, "displayMode", "The display mode is video or catalog")
		return
	}
	u := sdk.UserOf(r)
	h := a.host(r)
	st, err := a.themeState(r.Context(), h, u, e.Theme)
	if err != nil {
		a.internal(w, "reading theme state", err)
		return
	}
	if body.DisplayMode != nil {
		st.DisplayMode = *body.DisplayMode
	}
	if body.IntroPlayed != nil {
		st.IntroPlayed = *body.IntroPlayed
	}
	_, err = h.DBExec(r.Context(), `INSERT INTO theme_state (user_id, theme, display_mode, intro_played) VALUES ($1, $2, $3, $4)
		ON CONFLICT (user_id, theme) DO UPDATE SET display_mode = $3, intro_played = $4, updated_at = now()`,
		u.ID, e.Theme, st.DisplayMode, st.IntroPlayed)
	if err != nil {
		a.internal(w, "saving theme state", err)
		return
	}
	sdk.JSON(w, http.StatusOK, st)
}

// listItems answers every item of every event for the editors' grid.
func (a *app) listItems(w http.ResponseWriter, r *http.Request) {
	h := a.host(r)
	if a.demo {
		if err := ensureDemo(r.Context(), h, a.cat); err != nil {
			sdk.Log.Error("demo content not generated", "error", err)
		}
	}
	rows, err := h.DBQuery(r.Context(), `SELECT `+itemColumns+` FROM items ORDER BY event, section, tab, sort, id`)
	if err != nil {
		a.internal(w, "reading items", err)
		return
	}
	items := scanItems(rows)
	if err := sign(r.Context(), h, items); err != nil {
		a.internal(w, "signing item URLs", err)
		return
	}
	sdk.JSON(w, http.StatusOK, items)
}

// maxUpload is the largest file an editor uploads (the host carries a blob in one message).
const maxUpload = pluginapi.MaxStorageObject - 1<<20

// kinds maps the sniffed type of an upload to the item kind and file extension.
var kinds = map[string]struct{ kind, ext string }{
	"video/mp4": {"video", ".mp4"}, "video/webm": {"video", ".webm"},
	"image/jpeg": {"image", ".jpg"}, "image/png": {"image", ".png"}, "image/webp": {"image", ".webp"},
	"application/pdf": {"pdf", ".pdf"},
}

// sniff names a file's type from its first bytes (never from what the browser claims).
func sniff(b []byte) string {
	ct := http.DetectContentType(b)
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	// DetectContentType knows MP4 only by the ftyp box of some brands.
	if ct == "application/octet-stream" && len(b) > 12 && string(b[4:8]) == "ftyp" {
		ct = "video/mp4"
	}
	return ct
}

// checkText validates a title or description.
func checkText(field, v string, required bool, max int) string {
	switch {
	case !utf8.ValidString(v) || strings.ContainsRune(v, 0):
		return "The " + field + " is not valid text"
	case required && strings.TrimSpace(v) == "":
		return "The " + field + " is required"
	case utf8.RuneCountInString(v) > max:
		return fmt.Sprintf("The %s is longer than %d characters", field, max)
	}
	return ""
}

// upload stores an editor's file (query: event, section, tab, title, description) as a new item.
func (a *app) upload(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	event, section, tab := q.Get("event"), q.Get("section"), q.Get("tab")
	title, desc := q.Get("title"), q.Get("description")
	if field, problem := a.cat.checkPlace(event, section, tab); problem != "" {
		invalid(w, field, problem)
		return
	}
	if p := checkText("title", title, true, 200); p != "" {
		invalid(w, "title", p)
		return
	}
	if p := checkText("description", desc, false, 2000); p != "" {
		invalid(w, "description", p)
		return
	}
	if r.ContentLength > maxUpload {
		fail(w, http.StatusRequestEntityTooLarge, "ITS_ERR_TOO_LARGE", fmt.Sprintf("The file is larger than %d MB", maxUpload>>20))
		return
	}
	data, err := io.ReadAll(io.LimitReader(r.Body, maxUpload+1))
	if err != nil {
		fail(w, http.StatusBadRequest, "ITS_ERR_BAD_REQUEST", "The file could not be read")
		return
	}
	if len(data) > maxUpload {
		fail(w, http.StatusRequestEntityTooLarge, "ITS_ERR_TOO_LARGE", fmt.Sprintf("The file is larger than %d MB", maxUpload>>20))
		return
	}
	if len(data) == 0 {
		invalid(w, "file", "The file is empty")
		return
	}
	ct := sniff(data)
	k, ok := kinds[ct]
	if !ok {
		invalid(w, "file", "Event content is a video (MP4, WebM), an image (JPEG, PNG, WebP) or a PDF; this file is "+ct)
		return
	}
	it, err := a.insert(r.Context(), a.host(r), newItem{event: event, section: section, tab: tab, title: title, description: desc,
		kind: k.kind, contentType: ct, ext: k.ext, data: data, by: userID(r)})
	if err != nil {
		a.internal(w, "storing an upload", err)
		return
	}
	sdk.JSON(w, http.StatusCreated, it)
}

func userID(r *http.Request) string {
	if u := sdk.UserOf(r); u != nil {
		return u.ID
	}
	return ""
}

type newItem struct {
	event, section, tab, title, description, kind, contentType, ext, by string
	data, poster                                                        []byte
	sort                                                                int
	// film is the demo film a generated video item is recorded from.
	film string
}

// insert stores the item's file (and poster) and then its row; a failed row removes the blobs.
func (a *app) insert(ctx context.Context, h host, n newItem) (*Item, error) {
	rows, err := h.DBQuery(ctx, `SELECT nextval('items_id_seq')`)
	if err != nil || len(rows.Rows) != 1 {
		return nil, fmt.Errorf("next item id: %w", err)
	}
	id := int64(num(rows.Rows[0][0]))
	key := fmt.Sprintf("items/%d/file%s", id, n.ext)
	if err := h.StoragePut(ctx, &pluginapi.StorageObject{Key: key, ContentType: n.contentType, Data: n.data}); err != nil {
		return nil, err
	}
	posterKey := ""
	if len(n.poster) > 0 {
		posterKey = fmt.Sprintf("items/%d/poster.jpg", id)
		if err := h.StoragePut(ctx, &pluginapi.StorageObject{Key: posterKey, ContentType: "image/jpeg", Data: n.poster}); err != nil {
			_ = h.StorageDelete(ctx, key)
			return nil, err
		}
	}
	sort := n.sort
	if sort == 0 {
		rows, err := h.DBQuery(ctx, `SELECT coalesce(max(sort), 0) + 10 FROM items WHERE event = $1 AND section = $2 AND tab = $3`, n.event, n.section, n.tab)
		if err == nil && len(rows.Rows) == 1 {
			sort = int(num(rows.Rows[0][0]))
		}
	}
	_, err = h.DBExec(ctx, `INSERT INTO items (id, event, section, tab, title, description, kind, blob_key, content_type, size, poster_key, sort, updated_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
		id, n.event, n.section, n.tab, n.title, n.description, n.kind, key, n.contentType, len(n.data), posterKey, sort, n.by)
	if err != nil {
		_ = h.StorageDelete(ctx, key)
		if posterKey != "" {
			_ = h.StorageDelete(ctx, posterKey)
		}
		return nil, err
	}
	return a.signedItem(ctx, h, id)
}

// signedItem reads item id with its signed URLs.
func (a *app) signedItem(ctx context.Context, h host, id int64) (*Item, error) {
	it, err := a.item(ctx, h, id)
	if err != nil {
		return nil, err
	}
	items := []Item{*it}
	if err := sign(ctx, h, items); err != nil {
		return nil, err
	}
	return &items[0], nil
}

var errNoItem = errors.New("no such item")

func (a *app) item(ctx context.Context, h host, id int64) (*Item, error) {
	rows, err := h.DBQuery(ctx, `SELECT `+itemColumns+` FROM items WHERE id = $1`, id)
	if err != nil {
		return nil, err
	}
	items := scanItems(rows)
	if len(items) == 0 {
		return nil, errNoItem
	}
	return &items[0], nil
}

// found reads item id, answering 404 (or 500) when it cannot.
func (a *app) found(w http.ResponseWriter, r *http.Request, h host, id int64) (*Item, bool) {
	it, err := a.item(r.Context(), h, id)
	if errors.Is(err, errNoItem) {
		fail(w, http.StatusNotFound, "ITS_ERR_NOT_FOUND", fmt.Sprintf("Item %d not found", id))
		return nil, false
	} else if err != nil {
		a.internal(w, "reading an item", err)
		return nil, false
	}
	return it, true
}

func itemID(w http.ResponseWriter, r *http.Request) (int64, bool) {
	id, err := strconv.ParseInt(r.PathValue("item"), 10, 64)
	if err != nil || id <= 0 {
		fail(w, http.StatusNotFound, "ITS_ERR_NOT_FOUND", "Item "+r.PathValue("item")+" not found")
		return 0, false
	}
	return id, true
}

// patchItem changes an item's title, description, navigation tab or order; version must be the
// one the editor saw (409 when another editor changed it since).
func (a *app) patchItem(w http.ResponseWriter, r *http.Request) {
	id, ok := itemID(w, r)
	if !ok {
		return
	}
	var body struct {
		Version     int     `json:"version"`
		Title       *string `json:"title"`
		Description *string `json:"description"`
		Tab         *string `json:"tab"`
		Sort        *int    `json:"sort"`
	}
	if !decode(w, r, &body) {
		return
	}
	h := a.host(r)
	it, ok := a.found(w, r, h, id)
	if !ok {
		return
	}
	if body.Title != nil {
		if p := checkText("title", *body.Title, true, 200); p != "" {
			invalid(w, "title", p)
			return
		}
		it.Title = *body.Title
	}
	if body.Description != nil {
		if p := checkText("description", *body.Description, false, 2000); p != "" {
			invalid(w, "description", p)
			return
		}
		it.Description = *body.Description
	}
	if body.Tab != nil {
		if field, problem := a.cat.checkPlace(it.Event, it.Section, *body.Tab); problem != "" {
			invalid(w, field, problem)
			return
		}
		it.Tab = *body.Tab
	}
	if body.Sort != nil {
		if *body.Sort < 0 || *body.Sort > 1_000_000 {
			invalid(w, "sort", "The order is a number from 0 to 1000000")
			return
		}
		it.Sort = *body.Sort
	}
	n, err := h.DBExec(r.Context(), `UPDATE items SET title = $3, description = $4, tab = $5, sort = $6, version = version + 1,
		updated_at = now(), updated_by = $7 WHERE id = $1 AND version = $2`,
		id, body.Version, it.Title, it.Description, it.Tab, it.Sort, userID(r))
	if err != nil {
		a.internal(w, "saving an item", err)
		return
	}
	if n == 0 {
		fail(w, http.StatusConflict, "ITS_ERR_CONFLICT", "Another editor changed this item; reload it and try again")
		return
	}
	it, err = a.signedItem(r.Context(), h, id)
	if err != nil {
		a.internal(w, "reading an item", err)
		return
	}
	sdk.JSON(w, http.StatusOK, it)
}

// deleteItem removes an item and its files.
func (a *app) deleteItem(w http.ResponseWriter, r *http.Request) {
	id, ok := itemID(w, r)
	if !ok {
		return
	}
	h := a.host(r)
	it, ok := a.found(w, r, h, id)
	if !ok {
		return
	}
	if _, err := h.DBExec(r.Context(), `DELETE FROM items WHERE id = $1`, id); err != nil {
		a.internal(w, "deleting an item", err)
		return
	}
	for _, k := range []string{it.blobKey, it.posterKey} {
		if k != "" {
			if err := h.StorageDelete(r.Context(), k); err != nil {
				sdk.Log.Warn("item file not deleted", "key", k, "error", err)
			}
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
