class ntp{ # want "single space before an opening brace"
}
if $facts['os']['family'] == 'Debian'  { # want "single space before an opening brace"
  $a = 1
}
$list = [{ 'a' => 1 }]
$h = {
  'a' => { 'b' => 1 },
}
