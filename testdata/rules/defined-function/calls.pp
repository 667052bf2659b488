class guarded {
  if !defined(Package['git']) { # want "defined\\(\\) of a resource or class reference is true only when its declaration has already been evaluated"
    package { 'git': ensure => installed }
  }
  if defined(Class['apache']) { # want "resource or class reference"
    notify { 'apache is here': }
  }
  if defined('$::custom_fact') { # want "defined\\('\\$::custom_fact'\\) is true only when the variable has been assigned"
    notify { 'fact': }
  }
  if defined('apache::vhost') { # want "defined\\(\\) is true for a class or resource only once its declaration has been evaluated"
    notify { 'vhost type': }
  }
  $known = 'git'.defined # want "defined\\(\\) is true"
  $defined = 'not a call'
  notify { $defined: message => "${known}" }
}
