# Users: the public account flows (access request, e-mail confirmation,
# password reset), and the colleague search (users.autocomplete: the users of the
# assortment manager find each other to copy assortments). Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"users.accessRequest",
	"users.confirmEmail",
	"users.passwordReset",
	"users.setPassword",
	"users.ssoProviders",
	"users.ssoSignIn",
	"users.ssoLogout",
	"users.autocomplete",
}
