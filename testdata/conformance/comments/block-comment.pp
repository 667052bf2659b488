/* one
   two */
$x = 1
