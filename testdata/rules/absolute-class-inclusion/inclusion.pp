# Classes named with a leading :: where they are included, declared or inherited.
class profile::web inherits ::profile::params { # want "class included by absolute name"
  include ::nginx # want "class included by absolute name"
  contain '::php' # want "class included by absolute name"
  require ::mysql::client # want "class included by absolute name"
  include ::ntp, ::ssh, chrony # want "class included by absolute name" "class included by absolute name"
  class { '::apache': # want "class included by absolute name"
    default_vhost => false,
  }

  # Relative names, a function's arguments, the require metaparameter, a
  # double-quoted string: nothing to report.
  include nginx
  include profile::base
  include downcase('::Base')
  package { 'git':
    require => Class['::nginx'],
  }
  contain "::${module_name}::service"
}
