class strings (String $name) {
  $a = 'hello ${name}' # want "single quoted string containing a variable found"
  $b = "hello ${name}"
  $c = 'hello $name'
  $d = inline_template('<%= @name %> ${x}')
  $e = inline_epp('<%= $name %> ${x}')
}
