package products

import (
	"context"

	"github.com/jackc/pgx/v5"

	"its/core/authz"
	"its/core/live"
	"its/modules/actions"
)

// Topic is the live topic of the product library's grid: products:catalog.
const Topic = TopicProducts + ":" + TopicProductsKey

// catalogGrid is the catalog's grid (its export's, and the one its reload events name).
const catalogGrid = "products.catalog"

// liveTopic lets a user follow the catalog exactly when they may read it (products.view, the
// product library's action; otherwise a 404). Every product and field is theirs to read.
func liveTopic(az *authz.Engine) live.Topic {
	return live.ActionTopic(TopicProducts, "Topic", az, live.Fixed(map[string]string{TopicProductsKey: actions.ProductsView}))
}

// publishLoad tells the open product libraries to read the catalog again after a load that
// added products, in the load's transaction: a load names thousands of rows, and a page shows
// them sorted and filtered as it asked, so it reads its rows again instead (a reload event).
func publishLoad(ctx context.Context, tx pgx.Tx) error {
	return live.Publish(ctx, tx, live.ReloadEvent(Topic, catalogGrid, ""))
}
