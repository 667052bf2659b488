# Lambdas see the scope they are written in; their own variables are gone after them.
class lambdas (Array $items = []) {
  $prefix = 'p'
  $items.each |$item| {
    $inner = "${prefix}-${item}"
    [1, 2].each |$n| {
      notice("${inner} ${item} ${n} ${prefix}")
      $deep = $n
    }
    notice($deep) # want "assigned only inside a lambda"
  }
  notice($inner) # want "assigned only inside a lambda"
  notice($item) # want "unknown variable \\$item"
  $sum = $items.reduce(0) |$memo, $x| { $memo + $x }
  notice($sum, $memo) # want "unknown variable \\$memo"
}
