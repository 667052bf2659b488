# Class references naming the class with a leading ::.
class profile::db {
  Class['::mysql::server'] -> Class['::mysql::client'] # want "absolute class name reference" "absolute class name reference"
  package { 'pgbouncer':
    require => Class['::postgresql::server'], # want "absolute class name reference"
  }

  # Relative names and other references: nothing to report.
  Class['mysql::server'] -> Package['::mysql']
  $service = Service['::ssh']
}
