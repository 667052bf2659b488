class ntp {
  $a = 1  
  # want-prev "trailing whitespace found"
  $b = 2	
  # want-prev "trailing whitespace found"
}
