# Two assignments that both run only when a caller overrides a default
# depend on the caller: info. When the defaults already run both, Puppet
# fails on every declaration: error.
define svc::flags (Boolean $update = false, Boolean $scale = false, Boolean $manage = true, String $mode = 'a') {
  if $update {
    $flags = 'update'
  }
  if $scale {
    $flags = 'scale' # want info:"\\$flags is already assigned in defined type svc::flags \\(line 6\\) and both run when \\$update is true and \\$scale is true"
  }
  if $manage {
    $opts = 'x'
  }
  if $mode == 'a' {
    $opts = 'y' # want error:"\\$opts is already assigned in defined type svc::flags \\(line 12\\) and both run when \\$manage is true and \\$mode is 'a'"
  }
}
class svc::required (Boolean $update, Boolean $scale = true) {
  if $update {
    $flags = 'update'
  }
  if $scale {
    $flags = 'scale' # want error:"\\$flags is already assigned in class svc::required \\(line 20\\) and both run when \\$update is true"
  }
}
define svc::declared (Boolean $update = false, Boolean $scale = false) {
  if $update {
    $flags = 'update'
  }
  if $scale {
    $flags = 'scale' # want error:"\\$flags is already assigned in defined type svc::declared \\(line 28\\) and both run when \\$update is true and \\$scale is true"
  }
}
define svc::other_values (Boolean $update = false, Boolean $scale = false) {
  if $update {
    $flags = 'update'
  }
  if $scale {
    $flags = 'scale' # want info:"\\$flags is already assigned in defined type svc::other_values"
  }
}
class svc::callers {
  svc::declared { 'both': update => true, scale => true }
  svc::other_values { 'one': update => true, scale => false }
}
