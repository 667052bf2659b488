          node nope {
            notify { message => 'Nope' }
          }
