       class foo (
         $site,
       ) {
         notice $site
       }

       class { foo:
         site => 'bar'
       }
