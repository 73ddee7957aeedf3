/**
 * The script of published sites: optional, everything works without it. It turns each block of tabs
 * (all panels shown, each under its title, without script) into a tab list, and shows search results
 * under the search box as one types (the form, without script, opens the results page); Ctrl/Cmd+K
 * goes to the search box.
 */
export const SITE_JS = `(function(){
document.querySelectorAll('[data-tabs]').forEach(function(box,n){
  var panels=[].slice.call(box.querySelectorAll(':scope>.tab'));if(panels.length<2)return;
  var list=document.createElement('div');list.setAttribute('role','tablist');
  panels.forEach(function(panel,i){
    var title=panel.querySelector('.tab-title');var tab=document.createElement('button');
    tab.type='button';tab.setAttribute('role','tab');tab.id='tab-'+n+'-'+i;tab.textContent=title?title.textContent:'Tab '+(i+1);
    panel.setAttribute('role','tabpanel');panel.setAttribute('aria-labelledby',tab.id);
    tab.addEventListener('click',function(){select(i)});
    tab.addEventListener('keydown',function(e){var k=e.key==='ArrowRight'?1:e.key==='ArrowLeft'?-1:0;if(k){var j=(i+k+panels.length)%panels.length;select(j);list.children[j].focus()}});
    list.appendChild(tab)});
  function select(i){panels.forEach(function(p,j){p.hidden=j!==i;list.children[j].setAttribute('aria-selected',String(j===i));list.children[j].tabIndex=j===i?0:-1})}
  box.insertBefore(list,box.firstChild);box.classList.add('enhanced');select(0)});
document.addEventListener('keydown',function(e){if((e.ctrlKey||e.metaKey)&&e.key.toLowerCase()==='k'){var q=document.querySelector('form.search input');if(q){e.preventDefault();q.focus();q.select()}}});
var form=document.querySelector('form.search'),input=form&&form.querySelector('input');if(!input)return;
var box=document.createElement('div');box.className='suggest';box.id='search-suggest';box.hidden=true;form.appendChild(box);
var live=document.createElement('p');live.className='skip';live.setAttribute('aria-live','polite');form.appendChild(live);
input.setAttribute('role','combobox');input.setAttribute('aria-autocomplete','list');input.setAttribute('aria-controls',box.id);input.setAttribute('aria-expanded','false');
var timer,asked=0;
function marked(text,into){text.split(/\\*\\*/).forEach(function(part,i){if(!part)return;var n=i%2?document.createElement('mark'):document.createTextNode(part);if(i%2)n.textContent=part;into.appendChild(n)})}
function show(data,n){if(n!==asked)return;box.textContent='';var list=document.createElement('ul');
  data.results.forEach(function(r){var li=document.createElement('li'),a=document.createElement('a');a.href=r.url;a.textContent=r.title;li.appendChild(a);
    if(r.where){var w=document.createElement('span');w.className='where';w.textContent=r.where;li.appendChild(w)}
    var s=r.sections[0];if(s&&s.snippet){var p=document.createElement('p');marked(s.snippet,p);li.appendChild(p)}list.appendChild(li)});
  box.appendChild(list);box.hidden=!data.results.length&&!data.query;input.setAttribute('aria-expanded',String(!box.hidden));
  if(data.query&&!data.results.length){var none=document.createElement('p');none.textContent='Nothing matches.';box.appendChild(none);box.hidden=false}
  live.textContent=data.results.length+' results'}
input.addEventListener('input',function(){clearTimeout(timer);var q=input.value.trim(),n=++asked;
  if(!q){box.hidden=true;input.setAttribute('aria-expanded','false');return}
  timer=setTimeout(function(){fetch(form.action+'?format=json&q='+encodeURIComponent(q),{credentials:'same-origin'}).then(function(r){return r.json()}).then(function(d){show(d,n)}).catch(function(){})},120)});
form.addEventListener('keydown',function(e){var links=[].slice.call(box.querySelectorAll('a')),i=links.indexOf(document.activeElement);
  if(e.key==='Escape'){box.hidden=true;input.setAttribute('aria-expanded','false');input.focus()}
  else if(e.key==='ArrowDown'&&links.length){e.preventDefault();links[Math.min(i+1,links.length-1)].focus()}
  else if(e.key==='ArrowUp'&&links.length){e.preventDefault();(i<=0?input:links[i-1]).focus()}});
})();`;
