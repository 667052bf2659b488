# Optional parameters with a default that is not undef.
class profile::proxy (
  Optional[String] $upstream = 'localhost', # want "Optional parameter defaults to something other than undef"
  Optional[Integer] $port = 8080, # want "Optional parameter defaults to something other than undef"
  # undef, a variable or a call: nothing to report.
  Optional[String] $user = undef,
  Optional[String] $group = $profile::params::group,
  Optional[String] $home = lookup('profile::proxy::home', Optional[String], 'first', undef),
  Optional[String] $cache,
  Variant[Undef, String] $mode = 'fast',
) {
}

define profile::vhost (
  Optional[String] $alias, # want "Optional defined type parameter doesn't have a default"
  Optional[String] $docroot = undef,
  String $servername = $title,
) {
}
