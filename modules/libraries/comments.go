package libraries

import (
	"context"

	"its/core/comments"
	"its/core/httpx"
	"its/core/identity"
	"its/modules/actions"
)

// CommentScope names the manage grid's comment threads (core/comments): the object is a library
// type, the row one of its assets.
const CommentScope = "libraries.assets"

// libraryTitles name each library in a mention's notification and e-mail.
var libraryTitles = map[string]string{
	AdvertisingAsset:     "Advertising assets",
	AdvertisingLogo:      "Advertising logos",
	GlobalRetailAsset:    "Global retail visual assets",
	GlobalRetailResource: "Global retail resources",
	ProductDocument:      "Product documents",
	StepAsset:            "Sales training (STEP)",
}

// managePaths are the shell pages of each library's manage grid (its Pending page; the global
// retail page shows either type by ?type=), where a mention's notification leads.
var managePaths = map[string]string{
	AdvertisingAsset:     "/advertising/libraries/manage/assets/pending",
	AdvertisingLogo:      "/advertising/libraries/manage/logos/pending",
	GlobalRetailAsset:    "/global-retail/libraries/manage/pending?type=" + GlobalRetailAsset,
	GlobalRetailResource: "/global-retail/libraries/manage/pending?type=" + GlobalRetailResource,
	ProductDocument:      "/product/libraries/manage/documents/pending",
	StepAsset:            "/sales/libraries/manage/step/pending",
}

// commentPolicy lets who may read a library's manage grid comment on its assets, and mention
// only colleagues who may read it too.
type commentPolicy struct{ svc *Service }

// Readable answers the library's title and manage page when u may read its manage grid (the
// grid's own read: libraries.manage of the type); any other type, or no right, is a 404.
func (p commentPolicy) Readable(ctx context.Context, u *identity.User, libraryType string) (comments.Target, error) {
	if _, known := managePaths[libraryType]; !known {
		return comments.Target{}, httpx.NotFound("Library")
	}
	if ok, err := p.svc.az.Allowed(ctx, u, actions.LibrariesManage, map[string]any{"libraryType": libraryType}); err != nil {
		return comments.Target{}, err
	} else if !ok {
		return comments.Target{}, httpx.NotFound("Library")
	}
	return comments.Target{Title: libraryTitles[libraryType], Link: managePaths[libraryType]}, nil
}

// LiveGrid is the library's live topic and manage grid: a change of an asset's open comments
// is told there (comments.Live), so every open page's Comments column follows.
func (commentPolicy) LiveGrid(libraryType string) (string, string) {
	return TopicLibrary + ":" + libraryType, gridName(libraryType)
}
