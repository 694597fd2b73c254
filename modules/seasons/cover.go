package seasons

import (
	"bytes"
	"context"
	"fmt"
	"path"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"its/core/db"
	"its/core/jobs"
)

// PreviewArgs asks for the preview.jpg of the cover of a season's folder.
type PreviewArgs struct {
	Year    string `json:"year"`
	Season  string `json:"season"`
	Channel string `json:"channel"`
	Key     string `json:"key"`
}

// Kind names the job (module.yaml jobs).
func (PreviewArgs) Kind() string { return "seasons.preview" }

// coverUploaded records a finished cover upload on its season, if one exists yet, and asks for
// its preview. The preview is drawn later, so the season shows no preview until it is there.
func (s *Service) coverUploaded(ctx context.Context, tx pgx.Tx, year, season, channel, key string) (any, error) {
	if err := s.store.SetCover(ctx, tx, year, season, channel, key, ""); err != nil {
		return nil, err
	}
	args := PreviewArgs{Year: year, Season: season, Channel: channel, Key: key}
	if _, err := s.queue.Enqueue(ctx, tx, args, jobs.Spec{Title: "preview " + key, MaxAttempts: 3}); err != nil {
		return nil, err
	}
	return map[string]string{"sourceFile": key}, nil
}

type previewWorker struct {
	river.WorkerDefaults[PreviewArgs]
	svc *Service
}

// Work draws preview.jpg beside the cover, within the server's pixel limits; a cover too large
// or not an image keeps no preview.
func (w *previewWorker) Work(ctx context.Context, job *river.Job[PreviewArgs]) error {
	s, a := w.svc, job.Args
	rc, _, err := s.blobs.Get(ctx, a.Key)
	if err != nil {
		return err
	}
	defer rc.Close()
	thumb, _, _, err := s.dec.Thumbnail(ctx, rc, PreviewSize)
	if err != nil {
		if ctx.Err() != nil {
			return err
		}
		// Too many pixels (imaging.ErrTooManyPixels) or not a JPEG: retrying changes nothing.
		return river.JobCancel(fmt.Errorf("cover %s: %w", a.Key, err))
	}
	prev := path.Join(path.Dir(a.Key), previewFile)
	if err := s.blobs.Put(ctx, prev, bytes.NewReader(thumb), int64(len(thumb)), "image/jpeg"); err != nil {
		return err
	}
	return db.InTx(ctx, s.db, func(tx pgx.Tx) error {
		return s.store.SetCover(ctx, tx, a.Year, a.Season, a.Channel, a.Key, prev)
	})
}

func (s *Service) registration() jobs.Registration {
	return jobs.Registration{Workers: func(w *river.Workers) { river.AddWorker(w, &previewWorker{svc: s}) }}
}
