# Users: the public account flows (access request, e-mail confirmation,
# password reset). Grants are in grants.json.
package its.authz

actions contains action if some action in {
	"users.accessRequest",
	"users.confirmEmail",
	"users.passwordReset",
	"users.setPassword",
}
