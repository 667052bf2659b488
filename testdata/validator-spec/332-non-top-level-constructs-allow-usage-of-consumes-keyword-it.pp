       class foo (
         $consumes,
       ) {
         notice $consumes
       }

       class { foo:
         consumes => 'bar'
       }
