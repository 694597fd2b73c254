package products

import (
	"bytes"
	"context"

	"its/core/httpx"
)

// ImagePNG renders the catalog image of kind (thumbnail, image or print) of the style/colour id,
// for modules that embed product pictures in files they write (documents); 404 for an unknown
// product.
func (s *Service) ImagePNG(ctx context.Context, id, kind string) ([]byte, error) {
	if _, known := imageSizes[kind]; !known {
		return nil, httpx.NotFound("Image")
	}
	_, color, valid := SplitID(id)
	if !valid {
		return nil, httpx.NotFound("Image")
	}
	facts, found, err := s.store.imageFactsOf(ctx, id)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, httpx.NotFound("Product")
	}
	var buf bytes.Buffer
	if err := RenderImage(&buf, kind, facts.ProductType, facts.Type, color); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
