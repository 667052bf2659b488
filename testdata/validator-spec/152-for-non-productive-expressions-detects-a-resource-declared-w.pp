          node nope {
            notify { succ: message => 'Nope' }
            notify { message => 'Nope' }
          }
