# Puppet sets a metaparameter as a variable in a defined type's or class's body only when the
# declaration passes it (testdata/puppet-apply/scope/metaparameters.txtar): a read guarded by
# defined('$x') is intentional, an unguarded one is unknown on the other declarations (info).
define meta::guarded (String $path = $title) {
  file { $path:
    notify => (defined('$notify') and $notify) ? {
      true  => $notify,
      false => Service['x'],
    },
  }
  $_require = defined('$require') ? {
    true    => $require,
    default => undef,
  }
  if defined('$tag') { notice($tag) }
  unless defined('$::before') { notice('none') } else { notice($before) }
}
define meta::unguarded () {
  notice($subscribe) # want info:"[$]subscribe is set in defined type meta::unguarded only when its declaration passes the subscribe metaparameter"
  notice($stage) # want error:"unknown variable [$]stage"
  notice($export) # want error:"unknown variable [$]export"
}
class meta::klass {
  notice($stage, $noop) # want info:"[$]stage is set in class meta::klass only when" info:"[$]noop is set in class"
}
define meta::always () {
  notice($notify) # every declaration passes notify
}
notify { 'n': }
meta::always { 'a': notify => Notify['n'] }
meta::always { ['b', 'c']: notify => Notify['n'] }
