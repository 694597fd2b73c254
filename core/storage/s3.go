package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"sort"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	"github.com/jonboulle/clockwork"
)

// S3Options configure the S3 store.
type S3Options struct {
	Bucket, Endpoint, Region string
	AccessKeyID, SecretKey   string
	PathStyle                bool
	// HTTPClient overrides the SDK's client (nil: its default).
	HTTPClient *http.Client
}

// S3 is a store on an S3 bucket; browsers talk to the bucket through presigned URLs.
type S3 struct {
	bucket  string
	client  *s3.Client
	presign *s3.PresignClient
}

// NewS3 builds the S3 store. The bucket must exist.
func NewS3(ctx context.Context, o S3Options) (*S3, error) {
	if o.Bucket == "" {
		return nil, errors.New("storage: s3 needs a bucket")
	}
	cfg := aws.Config{
		Region: o.Region,
		// Presigned part URLs must not demand checksum headers a browser does not send.
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	if o.AccessKeyID != "" {
		cfg.Credentials = credentials.NewStaticCredentialsProvider(o.AccessKeyID, o.SecretKey, "")
	}
	if o.HTTPClient != nil {
		cfg.HTTPClient = o.HTTPClient
	}
	c := s3.NewFromConfig(cfg, func(so *s3.Options) {
		if o.Endpoint != "" {
			so.BaseEndpoint = aws.String(o.Endpoint)
		}
		so.UsePathStyle = o.PathStyle
	})
	return &S3{bucket: o.Bucket, client: c, presign: s3.NewPresignClient(c)}, nil
}

// WithClock makes s sign its presigned URLs at clock's time (the wall clock by default); the
// bucket checks their expiry on its own clock.
func (s *S3) WithClock(clock clockwork.Clock) *S3 {
	co := s.client.Options()
	signer := v4.NewSigner(func(o *v4.SignerOptions) { // as the SDK's own S3 presigner
		o.Logger, o.LogSigning, o.DisableURIPathEscaping = co.Logger, co.ClientLogMode.IsSigning(), true
	})
	s.presign = s3.NewPresignClient(s.client, func(o *s3.PresignOptions) { o.Presigner = clockSigner{signer, clock} })
	return s
}

// clockSigner presigns at its clock's time instead of the SDK's.
type clockSigner struct {
	*v4.Signer
	clock clockwork.Clock
}

func (c clockSigner) PresignHTTP(ctx context.Context, creds aws.Credentials, r *http.Request, payloadHash, service, region string, _ time.Time, opts ...func(*v4.SignerOptions)) (string, http.Header, error) {
	return c.Signer.PresignHTTP(ctx, creds, r, payloadHash, service, region, c.clock.Now(), opts...)
}

// Client is the underlying SDK client (tests create buckets with it).
func (s *S3) Client() *s3.Client { return s.client }

func (s *S3) Driver() string { return "s3" }
func (s *S3) Bucket() string { return s.bucket }

func notFound(err error) bool {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		switch ae.ErrorCode() {
		case "NoSuchKey", "NotFound", "NoSuchUpload", "404":
			return true
		}
	}
	var nsk *types.NoSuchKey
	var nsu *types.NoSuchUpload
	var nf *types.NotFound
	return errors.As(err, &nsk) || errors.As(err, &nsu) || errors.As(err, &nf)
}

func wrap(err error) error {
	if err != nil && notFound(err) {
		return ErrNotFound
	}
	return err
}

func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if !ValidKey(key) {
		return ErrBadName
	}
	if contentType == "" {
		contentType = typeByKey(key)
	}
	in := &s3.PutObjectInput{Bucket: &s.bucket, Key: &key, Body: r, ContentType: &contentType}
	if size >= 0 {
		in.ContentLength = aws.Int64(size)
	}
	// The SDK needs a seekable body to sign an unknown payload; buffer readers that are not.
	if _, ok := r.(io.ReadSeeker); !ok {
		b, err := io.ReadAll(r)
		if err != nil {
			return err
		}
		in.Body = bytes.NewReader(b)
		in.ContentLength = aws.Int64(int64(len(b)))
	}
	_, err := s.client.PutObject(ctx, in)
	return err
}

func (s *S3) Get(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		return nil, Info{}, wrap(err)
	}
	return out.Body, Info{Key: key, Size: aws.ToInt64(out.ContentLength), ContentType: aws.ToString(out.ContentType), Modified: aws.ToTime(out.LastModified)}, nil
}

func (s *S3) ReadHead(ctx context.Context, key string, n int) ([]byte, error) {
	rng := fmt.Sprintf("bytes=0-%d", n-1)
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key, Range: &rng})
	if err != nil {
		return nil, wrap(err)
	}
	defer out.Body.Close()
	b, err := io.ReadAll(io.LimitReader(out.Body, int64(n)))
	return b, err
}

func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	out, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{Bucket: &s.bucket, Key: &key})
	if err != nil {
		return Info{}, wrap(err)
	}
	return Info{Key: key, Size: aws.ToInt64(out.ContentLength), ContentType: aws.ToString(out.ContentType), Modified: aws.ToTime(out.LastModified)}, nil
}

func (s *S3) Delete(ctx context.Context, key string) error {
	_, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: &s.bucket, Key: &key})
	if notFound(err) {
		return nil
	}
	return err
}

func (s *S3) SignedGetURL(ctx context.Context, key, filename string, ttl time.Duration) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadName
	}
	if filename == "" {
		filename = path.Base(key)
	}
	// The bucket is another origin, but an SVG opened from it must still not render as a page.
	disp := Disposition(typeByKey(key), filename)
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{Bucket: &s.bucket, Key: &key, ResponseContentDisposition: &disp}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", err
	}
	return req.URL, nil
}

func (s *S3) CreateMultipart(ctx context.Context, key, contentType string, _ int64) (string, error) {
	if !ValidKey(key) {
		return "", ErrBadName
	}
	if contentType == "" {
		contentType = typeByKey(key)
	}
	out, err := s.client.CreateMultipartUpload(ctx, &s3.CreateMultipartUploadInput{Bucket: &s.bucket, Key: &key, ContentType: &contentType})
	if err != nil {
		return "", err
	}
	return aws.ToString(out.UploadId), nil
}

func (s *S3) SignedPartURL(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (string, error) {
	if part < 1 || part > MaxParts {
		return "", fmt.Errorf("storage: part %d out of range", part)
	}
	req, err := s.presign.PresignUploadPart(ctx, &s3.UploadPartInput{Bucket: &s.bucket, Key: &key, UploadId: &uploadID, PartNumber: aws.Int32(int32(part))}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", err
	}
	return req.URL, nil
}

func (s *S3) ListParts(ctx context.Context, key, uploadID string) ([]Part, error) {
	parts := []Part{}
	var marker *string
	for {
		out, err := s.client.ListParts(ctx, &s3.ListPartsInput{Bucket: &s.bucket, Key: &key, UploadId: &uploadID, PartNumberMarker: marker})
		if err != nil {
			return nil, wrap(err)
		}
		for _, p := range out.Parts {
			parts = append(parts, Part{Number: int(aws.ToInt32(p.PartNumber)), ETag: aws.ToString(p.ETag), Size: aws.ToInt64(p.Size)})
		}
		if !aws.ToBool(out.IsTruncated) || out.NextPartNumberMarker == nil {
			break
		}
		marker = out.NextPartNumberMarker
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].Number < parts[j].Number })
	return parts, nil
}

func (s *S3) CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) error {
	if len(parts) == 0 {
		return ErrBadParts
	}
	cp := make([]types.CompletedPart, len(parts))
	for i, p := range parts {
		cp[i] = types.CompletedPart{PartNumber: aws.Int32(int32(p.Number)), ETag: aws.String(p.ETag)}
	}
	_, err := s.client.CompleteMultipartUpload(ctx, &s3.CompleteMultipartUploadInput{
		Bucket: &s.bucket, Key: &key, UploadId: &uploadID,
		MultipartUpload: &types.CompletedMultipartUpload{Parts: cp},
	})
	var ae smithy.APIError
	if errors.As(err, &ae) && (ae.ErrorCode() == "InvalidPart" || ae.ErrorCode() == "InvalidPartOrder" || ae.ErrorCode() == "EntityTooSmall") {
		return fmt.Errorf("%w: %s", ErrBadParts, ae.ErrorCode())
	}
	return wrap(err)
}

func (s *S3) AbortMultipart(ctx context.Context, key, uploadID string) error {
	_, err := s.client.AbortMultipartUpload(ctx, &s3.AbortMultipartUploadInput{Bucket: &s.bucket, Key: &key, UploadId: &uploadID})
	if notFound(err) {
		return nil
	}
	return err
}
