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
  if defined('apache::vhost') { # want "defined\\('apache::vhost'\\) only asks whether a class or resource type of that name exists, and is true even when nothing declares it"
    notify { 'vhost type': }
  }
  $known = 'git'.defined # want "defined\\('git'\\) only asks whether"
  $who = "profile::${known}"
  if defined($who) { # want "defined\\(\\) is true for a class or resource only once its declaration has been evaluated"
    notify { 'who': }
  }
  if defined("profile::${known}") { # want "defined\\(\\) of a name only asks whether"
    notify { 'interpolated': }
  }
  $defined = 'not a call'
  notify { $defined: message => "${known}" }
}
