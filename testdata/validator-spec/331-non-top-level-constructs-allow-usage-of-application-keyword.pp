       class foo (
         $application,
       ) {
         notice $application
       }

       class { foo:
         application => 'bar'
       }
