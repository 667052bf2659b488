# Assignment order counts; if/case/unless create no scope; destructuring assigns both.
class order (
  $a = 1,
  $b = $a,
  $c = $d, # want "unknown variable \\$d"
  $d = 2,
) {
  notice($late) # want "read before it is assigned"
  $late = 1
  $self = $self # want "read before it is assigned"
  if $a {
    $in_if = 1
  } else {
    notice($in_if) # want "unknown variable \\$in_if"
  }
  notice($in_if)
  case $b {
    'x': { $in_case = 1 }
    default: { $in_case = 2 }
  }
  notice($in_case)
  [$first, $second] = [1, 2]
  notice("${first} ${second}")
  $sel = $a ? { 1 => 'one', default => 'other' }
  notice($sel)
  if $facts['os']['family'] =~ /^(Red)(Hat)$/ {
    notice($0, $1, $2)
  }
  notice($title, $name, $module_name, $caller_module_name, $trusted, $facts, $osfamily)
  notice("${name}")
  notice($nowhere) # want "unknown variable \\$nowhere in .* It is not a parameter"
}
