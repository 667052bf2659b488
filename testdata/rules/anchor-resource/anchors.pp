# The anchor pattern, and the contain that replaces it.
class profile::db {
  anchor { 'profile::db::begin': } # want "manifest includes anchor resource"
  -> class { 'mysql::server': }
  -> anchor { 'profile::db::end': } # want "manifest includes anchor resource"

  # A reference to an anchor and contain: nothing to report.
  contain mysql::client
  Anchor['profile::db::end'] -> Class['mysql::client']
}
