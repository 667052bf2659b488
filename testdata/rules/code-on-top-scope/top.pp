# A class.
class top {
  $inside = 1
}
$outside = 1 # want "code outside of class or define block" "code outside of class or define block" "code outside of class or define block"
include top # want "code outside of class or define block" "code outside of class or define block"
node default { # want "code outside of class or define block" "code outside of class or define block" "code outside of class or define block"
  notice('x') # want "code outside of class or define block" "code outside of class or define block" "code outside of class or define block" "code outside of class or define block"
} # want "code outside of class or define block"
