# lookup() for a parameter's default.
class profile::web (
  String $vhost = lookup('profile::web::vhost'), # want "lookup used to set the default value of a parameter"
  Array $ports = [lookup('ports', Array, 'unique', [])], # want "lookup used to set the default value of a parameter"
  Integer $workers = 4,
) {
  # lookup() in the body is not a default: nothing to report.
  $extra = lookup('profile::web::extra', Hash, 'hash', {})
}

define profile::site (
  String $root = lookup('profile::site::root'), # want "lookup used to set the default value of a parameter"
) {
}
