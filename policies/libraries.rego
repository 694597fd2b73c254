# Libraries: asset libraries, each guarded by the permission matching its
# libraryType. Grants (with the libraryType to permission mapping) are in
# grants.json.
package its.authz

actions contains action if some action in {
	"libraries.view",
	"libraries.manage",
	"prototypes.view",
}
