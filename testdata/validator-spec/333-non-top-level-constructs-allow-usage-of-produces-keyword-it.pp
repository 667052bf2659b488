       class foo (
         $produces,
       ) {
         notice $produces
       }

       class { foo:
         produces => 'bar'
       }
