/**
 * The script of published sites: optional, everything works without it. It turns each block of tabs
 * (all panels shown, each under its title, without script) into a tab list, and shows search results
 * under the search box as one types (the form, without script, opens the results page); Ctrl/Cmd+K
 * goes to the search box. In a static copy (`sites build`: the page's html element names the copy's
 * root in `data-static-root`) it searches the copy's search-index.json itself, ranked as below, and
 * fills the copy's results page from its `?q=`.
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
  timer=setTimeout(function(){ask(q).then(function(d){show(d,n)}).catch(function(){})},120)});
var root=document.documentElement.getAttribute('data-static-root'),index;
function ask(q){if(root===null)return fetch(form.action+'?format=json&q='+encodeURIComponent(q),{credentials:'same-origin'}).then(function(r){return r.json()});
  index=index||fetch(root+'search-index.json').then(function(r){return r.json()});return index.then(function(pages){return {query:q,results:rank(pages,q)}})}
function rank(pages,q){var words=q.toLowerCase().split(/\\s+/).filter(Boolean).slice(0,8),out=[];
  pages.forEach(function(p){var score=0,best=null,bestScore=0,t=p.t.toLowerCase();
    var all=words.every(function(w){return t.indexOf(w)>=0||p.s.some(function(s){return (s[0]+' '+s[2]).toLowerCase().indexOf(w)>=0})});if(!all)return;
    words.forEach(function(w){if(t.indexOf(w)>=0)score+=10});
    p.s.forEach(function(s){var h=s[0].toLowerCase(),x=s[2].toLowerCase(),n=0;words.forEach(function(w){if(h.indexOf(w)>=0)n+=5;if(x.indexOf(w)>=0)n+=1});score+=n;if(n>bestScore){bestScore=n;best=s}});
    var url=root+p.u,s=best||p.s[0]||['','',''],x=s[2],at=-1;words.some(function(w){at=x.toLowerCase().indexOf(w);return at>=0});
    var from=Math.max(0,at-60),snip=x.slice(from,from+160);words.forEach(function(w){snip=snip.replace(new RegExp('('+w.replace(/[.*+?^\${}()|[\\]\\\\]/g,'\\\\$&')+')','ig'),'**$1**')});
    out.push({score:score,title:p.t,url:url,where:'',sections:[{title:s[0]||p.t,url:s[1]?url+'#'+encodeURIComponent(s[1]):url,snippet:(from?'… ':'')+snip}]})});
  return out.sort(function(a,b){return b.score-a.score}).slice(0,20)}
var asked0=root!==null&&/(^|\\/)~search\\/?$/.test(location.pathname.replace(/index\\.html$/,''))&&new URLSearchParams(location.search).get('q');
if(asked0){input.value=asked0;ask(asked0).then(function(d){var article=document.querySelector('article');if(!article)return;
  var list=document.createElement('ol');list.className='results';
  d.results.forEach(function(r){var li=document.createElement('li'),a=document.createElement('a');a.className='result';a.href=r.url;a.textContent=r.title;li.appendChild(a);
    var p=document.createElement('p');marked(r.sections[0].snippet,p);li.appendChild(p);list.appendChild(li)});
  var said=document.createElement('p');said.textContent=d.results.length?d.results.length+' pages for '+asked0+'.':'Nothing matches '+asked0+'.';
  [].slice.call(article.children).forEach(function(c){if(c.tagName!=='H1')c.remove()});article.appendChild(said);article.appendChild(list)})}
form.addEventListener('keydown',function(e){var links=[].slice.call(box.querySelectorAll('a')),i=links.indexOf(document.activeElement);
  if(e.key==='Escape'){box.hidden=true;input.setAttribute('aria-expanded','false');input.focus()}
  else if(e.key==='ArrowDown'&&links.length){e.preventDefault();links[Math.min(i+1,links.length-1)].focus()}
  else if(e.key==='ArrowUp'&&links.length){e.preventDefault();(i<=0?input:links[i-1]).focus()}});
})();`;
