/**
 * Seed copy for the CMS content pages.
 * The company details come from domain/company.ts, which the footer shares.
 */
import {
  COMPANY_NAME,
  COMPANY_NUMBER,
  SEEDED_IDENTITY,
  SHOP_ADDRESS,
  SHOP_EMAIL,
  SHOP_PHONE,
  VAT_NUMBER,
} from '#domain/company.ts';
import {
  COMPLAINTS_PAGE,
  RETURNS_COLLECTION_HTML,
  RETURNS_EXEMPT_HTML,
  TERMS_CANCEL_HTML,
  TERMS_CONTRACT_HTML,
  TERMS_PAYMENT_HTML,
} from './rights-copy.ts';

export interface SeedPage {
  slug: string;
  title: string;
  html: string;
}

const ADDRESS_INLINE = SHOP_ADDRESS.join(', ');
const HOURS_LIST = SEEDED_IDENTITY.opening_hours.map((line) => `<li>${line}</li>`).join('');

export const FAQ_TOPICS: { question: string; answerHtml: string }[] = [
  {
    question: 'Product variation',
    answerHtml: `<p>Natural stone is quarried, not manufactured, so no two tiles are identical. Colour, veining, fossil markings, small pits and crystal patterns vary from tile to tile, and they can vary noticeably between batches cut from different parts of the quarry at different times. This is the character of the material rather than a defect.</p>
<p>Our product photographs and samples show a typical example of each stone, but they cannot show the full range you will see across a floor or wall. Before you order, we recommend ordering <a href="/samples">free or full size samples</a>, or visiting our Bristol showroom by appointment, where we can show you several pieces from the current batch. If you are tiling a large area or working in phases, place the whole order at once so that everything comes from a single batch.</p>
<p>When you unpack, lay out tiles from several boxes and blend them as you fix, so that darker or more heavily veined pieces are spread evenly rather than grouped together.</p>`,
  },
  {
    question: 'Stock availability and payment',
    answerHtml: `<p>Stock levels on the website are updated throughout the day. Where a size is unavailable, the size list shows <em>Temporarily out of stock</em> with a link to enquire about a lead time, and you will not be able to add that size to your basket.</p>
<p>Payment is taken in full when you place your order through our secure checkout. Prices are shown per square metre and include VAT at 20%. In the rare event that an item becomes unavailable after you have paid, for example because the remaining stock fails our quality check, we will contact you straight away and offer you a lead time on new stock, an alternative, or a full refund for that item.</p>
<p>Please order around <strong>10% extra</strong> to allow for cuts, breakages and future repairs. Stone from a later batch may not match, so it is far better to have a few spare tiles than to run short.</p>`,
  },
  {
    question: 'Delivery timing',
    answerHtml: `<p>In-stock tiles are normally available for delivery in <strong>3-5 working days</strong>. The delivery date and costs are confirmed at checkout, and our logistics team or the carrier will contact you before the delivery day.</p>
<p>Standard delivery takes place between <strong>9:00 and 17:30</strong> on the agreed day. If you need a narrower window, you can choose a timed delivery for a small extra charge: a morning slot between 9am and 1pm, or an afternoon slot between 12pm and 5:30pm. Someone aged 18 or over must be available to receive and sign for the goods. Full details are on our <a href="/delivery-information">delivery information</a> page.</p>`,
  },
  {
    question: 'How transfer takes place',
    answerHtml: `<p>Tile orders are delivered on pallets by a vehicle fitted with a tail-lift and a pallet truck. Delivery is <strong>kerbside</strong>: the driver lowers the pallet to the ground and moves it as close to your property as is safe on a firm, level surface, such as your driveway or the pavement outside. Drivers cannot carry goods into the property, take pallets up steps or across gravel, lawns or steep slopes.</p>
<p>If access is restricted, for example a narrow lane, a weight limit, a busy main road or no parking near the property, please tell us when you order so we can arrange a smaller vehicle where possible.</p>`,
  },
  {
    question: 'Damaged orders',
    answerHtml: `<p>Please check your order when it arrives, before the driver leaves if possible. Count the boxes or crates against your delivery note and look for damaged packaging. If anything looks wrong, sign for the delivery as <em>damaged</em> and describe the problem on the driver's paperwork.</p>
<p>Report any damage, shortages or wrong items to us within <strong>48 hours</strong> of delivery, with your order number and photographs of the packaging and the affected tiles. We will arrange replacements or a refund for the damaged items as quickly as we can. Do not fix any tile that you believe to be damaged or defective; once a tile has been fitted it is very difficult to assess or replace. Reporting promptly does not affect your statutory rights.</p>`,
  },
  {
    question: 'Unpacking',
    answerHtml: `<p>Stone is heavy: a square metre of 10mm tiles weighs around 27kg, and a pallet can weigh over a tonne. Break the pallet down where it has been delivered and carry the boxes in individually, using two people for larger tiles and slabs. Wear gloves and protective footwear, and lift with your legs rather than your back.</p>
<p>Open boxes carefully with a blade set shallow so you do not scratch the tile faces. Lift tiles out by their edges, never by one corner, and stand them on their long edge on a clean, flat surface. Store stone indoors or under cover, off the ground and away from wet cement, timber that may stain, and rusting metal. Check every tile for size, finish and quality before fixing, and keep the box labels, which show the batch number, until the job is finished.</p>`,
  },
];

/** Each topic is an <h3> and its answer, up to the next <h3>: the FAQ page splits it there. */
const FAQ_HTML = `<h2>Frequently asked questions</h2>
<p>These are the questions our customers ask us most often. If you cannot find the answer you need, please <a href="/contact-us">contact us</a> on ${SHOP_PHONE} or email ${SHOP_EMAIL} and a member of our team will help.</p>
<p>For fixing and care advice, see our <a href="/installation">installation guide</a> and <a href="/sealing-and-maintenance">sealing and maintenance advice</a>.</p>
${FAQ_TOPICS.map((topic) => `<h3>${topic.question}</h3>\n${topic.answerHtml}`).join('\n')}`;

export const PAGES: SeedPage[] = [
  {
    slug: 'about-us',
    title: 'About Us',
    html: `<h2>Natural stone, chosen with care</h2>
<p>${COMPANY_NAME} is an independent natural stone specialist based in Bristol. We supply marble, limestone, travertine, slate, granite and sandstone tiles, along with stone slabs, mosaics, mouldings, sinks and pattern tiles, to homeowners, designers and trade customers across the UK.</p>
<p>Our name comes from the <em>tesserae</em>, the small cut pieces of stone that Roman craftsmen set by hand to make mosaic floors. Many of those floors are still in place almost two thousand years later, and they remind us why we work with stone: laid properly and looked after, it lasts for generations and gets better with age.</p>
<h2>What we do</h2>
<ul>
<li><strong>Stone tiles for every room.</strong> Polished, honed, brushed and tumbled finishes for floors and walls in kitchens, bathrooms, wet rooms, living spaces and gardens.</li>
<li><strong>Pattern tiles.</strong> Herringbone, chequerboard, hexagon, metro, octagon and cabochon, and triangle designs, cut from solid stone.</li>
<li><strong>Slabs and bespoke pieces.</strong> Worktops, vanity tops, bookmatched slabs, window sills, hearths and table tops, cut to your measurements through our <a href="/custom-stonework">custom stonework</a> service.</li>
<li><strong>Fixing and care products.</strong> Adhesives, grouts, sealers and cleaners that we know work with the stones we sell.</li>
</ul>
<h2>How we choose our stone</h2>
<p>We buy from quarries and processors we have worked with for years in Italy, Spain, Portugal, Turkey, India and Brazil, as well as from British quarries. Every delivery that arrives at our warehouse is inspected before it goes on sale. We check the thickness and calibration, the squareness of the edges, the quality of the finish and whether any filling or resin repairs are sound. Tiles that fall short are set aside rather than sent to customers.</p>
<p>Because stone is a natural material, it varies. We would always rather you saw that variation before you buy than after, which is why we offer <a href="/samples">free samples and full size samples</a> of our ranges, and why our showroom team will happily photograph the current batch of a stone for you.</p>
<h2>Advice you can rely on</h2>
<p>Most of our team have worked in the stone and tiling trade for many years, including time spent fixing tiles on site. We can help you work out quantities, choose a finish that suits the room, and pick the right adhesive, grout and sealer. Our <a href="/installation">installation</a>, <a href="/adhevise-grout-advise">adhesive and grout</a> and <a href="/sealing-and-maintenance">sealing and maintenance</a> guides set out the methods we recommend, and we are always happy to talk through a project on the phone.</p>
<h2>Visit our showroom</h2>
<p>Our showroom and warehouse are at ${ADDRESS_INLINE}. You can see full tiles and slabs, compare finishes side by side and take samples away with you. We are open Monday to Friday, 9:00am to 5:30pm, and on Saturdays by appointment. Please <a href="/contact-us">get in touch</a> to book a visit.</p>
<p>${COMPANY_NAME} is registered in England and Wales under company number ${COMPANY_NUMBER}. Our VAT number is ${VAT_NUMBER}.</p>`,
  },
  {
    slug: 'faq',
    title: 'FAQ',
    html: FAQ_HTML,
  },
  {
    slug: 'delivery-information',
    title: 'Delivery Information',
    html: `<h2>Delivery times</h2>
<p>Tiles, slabs and other stone products that are in stock are normally available for delivery in <strong>3-5 working days</strong> to addresses in mainland England, Wales and southern Scotland. The delivery date and costs are confirmed at checkout, based on your postcode and the weight of your order. Working days are Monday to Friday, excluding bank holidays.</p>
<p>Made-to-measure items from our <a href="/custom-stonework">custom stonework</a> service have their own lead time, which we confirm on your quotation.</p>
<h2>Delivery windows</h2>
<table>
<tr><th>Service</th><th>Time window</th><th>Cost</th></tr>
<tr><td>Standard delivery</td><td>9:00-17:30 on the agreed day</td><td>Confirmed at checkout</td></tr>
<tr><td>Timed delivery: morning</td><td>9:00am-1:00pm</td><td>Small extra charge</td></tr>
<tr><td>Timed delivery: afternoon</td><td>12:00pm-5:30pm</td><td>Small extra charge</td></tr>
</table>
<p>The carrier will contact you before delivery day by text or email. Someone aged 18 or over must be present to receive and sign for the goods. If nobody is available, the pallet will be returned to the depot and a redelivery charge may apply.</p>
<h2>How your order is delivered</h2>
<p>Tile orders travel on pallets and are delivered <strong>kerbside</strong> by a vehicle with a tail-lift and pallet truck. The driver will place the pallet as close to your property as is safe, on a firm and level surface. Drivers are not able to carry goods into the property, up steps, or across gravel, grass or steep slopes, so please arrange help to move the boxes in. A pallet of stone can weigh over a tonne.</p>
<p>Please tell us when you order if there are access restrictions at the delivery address, such as a narrow or unmade lane, a weight or width limit, a red route or no parking nearby. We will do our best to arrange a smaller vehicle, but restricted access may add to the cost or the lead time.</p>
<p>Small parcels, including samples and most tiling products on their own, are delivered by courier to your door.</p>
<h2>Areas we deliver to</h2>
<p>We deliver throughout the United Kingdom and to the Isle of Man. The table of delivery prices at the end of this page gives the price to each area, from the same prices our checkout charges: remote and island postcodes carry a surcharge and take a little longer, and free delivery applies to the UK mainland. Enter your postcode on any product page or in your basket to see the delivery price of your order before you check out. We cannot deliver to the Channel Islands or through BFPO.</p>
<h2>Collecting from our showroom</h2>
<p>You are welcome to collect orders from ${ADDRESS_INLINE}, Monday to Friday between 9:00am and 5:30pm. Please wait until we confirm that your order is ready, and bring a vehicle suitable for the weight. We can load using a forklift.</p>
<h2>Ordering the right quantity</h2>
<p>We recommend ordering <strong>10% extra</strong> to allow for cuts, breakages and future repairs, and 15% for herringbone or diagonal layouts. Ordering everything at once means all of your tiles come from the same batch, which matters because natural stone varies in colour and veining between batches.</p>
<h2>When your order arrives</h2>
<ul>
<li>Count the boxes or crates against your delivery note before the driver leaves.</li>
<li>If packaging is damaged, sign for the delivery as <em>damaged</em> and note the details on the driver's paperwork.</li>
<li>Report damage, shortages or wrong items to us within <strong>48 hours</strong>, with photographs and your order number.</li>
<li>Check your tiles before fixing. Do not fix any tile you think is damaged or defective.</li>
</ul>
<p>For advice on handling and storing stone safely, see the unpacking section of our <a href="/faq">FAQ</a>.</p>`,
  },
  {
    slug: 'return-refund-policy',
    title: 'Return & Refund Policy',
    html: `<h2>Your right to cancel</h2>
<p>If you buy from us online or by phone as a consumer, the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 give you the right to cancel your order within <strong>14 days</strong> without giving a reason. The cancellation period ends 14 days after the day you, or someone you nominate, receive the goods. If your order arrives in several deliveries, it ends 14 days after the last delivery.</p>
<p>To cancel, tell us clearly before the period ends by emailing ${SHOP_EMAIL}, calling ${SHOP_PHONE} or writing to ${COMPANY_NAME}, ${ADDRESS_INLINE}. Please include your order number and the items you want to cancel.</p>
<h2>Returning the goods</h2>
<p>You must return the goods, or let us collect them, within 14 days of telling us you are cancelling. Because stone tiles are heavy and are delivered on pallets, they cannot normally be returned by post. You can:</p>
<ul>
${RETURNS_COLLECTION_HTML}
<li>return the goods to our showroom yourself, by prior arrangement, during opening hours.</li>
</ul>
<p>Goods must be packed securely on a pallet, in their original boxes where possible, so that they are not damaged on the way back. You are responsible for the goods until they reach us.</p>
<h2>Your refund</h2>
<p>We will refund the price of the goods and the standard delivery charge you paid (if you chose a timed or premium delivery, we refund the cost of standard delivery only). We will pay the refund within 14 days of receiving the goods back, or of you providing evidence that you have sent them, whichever is sooner, using the method you used to pay.</p>
<p>You may handle the goods as you would in a shop to check their nature and quality. We may reduce your refund to reflect any loss in value caused by handling beyond that, for example tiles that have been cut, fixed, sealed, marked with adhesive, or chipped because they were not stored or packed properly. Stone that cannot be resold as new may not be refundable in full.</p>
<h2>Items that cannot be cancelled</h2>
${RETURNS_EXEMPT_HTML}
<h2>Returning surplus stock after 14 days</h2>
<p>We know that a few boxes are sometimes left over. As a goodwill gesture, we will consider returns of unopened, full boxes of current stock lines up to 30 days after delivery. Because returned stock must be checked, repacked and stored, a restocking charge of 20% of the value of the returned goods applies, and you are responsible for the cost of returning them. Please contact us before sending anything back. Clearance items, opened boxes and discontinued lines cannot be returned under this goodwill policy.</p>
<p>Business and trade customers do not have the statutory right to cancel; surplus returns by trade customers are accepted on the goodwill terms above.</p>
<h2>Faulty, damaged or incorrect goods</h2>
<p>If goods arrive damaged or are not what you ordered, tell us within <strong>48 hours</strong> of delivery, with photographs, so we can put it right quickly. Under the Consumer Rights Act 2015, goods must be of satisfactory quality, fit for purpose and as described. If they are not, you are entitled to a repair, a replacement or a refund, depending on the circumstances and how soon you tell us. We will cover the cost of collecting faulty goods.</p>
<p>Natural variation in colour, veining and markings is a characteristic of stone and is not a fault. We strongly recommend ordering <a href="/samples">samples</a> before buying. Please do not fix any tile you believe to be faulty, as fitting tiles makes it much harder for us to assess a problem.</p>
<p>Nothing in this policy affects your statutory rights.</p>`,
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    html: `<h2>Who we are</h2>
<p>This policy explains how ${COMPANY_NAME} ("we", "us") collects and uses your personal data when you use our website, visit our showroom or buy from us. We are the <strong>controller</strong> of your personal data under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.</p>
<p>${COMPANY_NAME}, ${ADDRESS_INLINE}. Company number ${COMPANY_NUMBER}. For any privacy question, email ${SHOP_EMAIL} with "Data protection" in the subject line, or call ${SHOP_PHONE}.</p>
<h2>What we collect</h2>
<ul>
<li><strong>Identity and contact details:</strong> name, email address, phone number, billing and delivery addresses.</li>
<li><strong>Account details:</strong> your login email, a securely hashed version of your password and your account preferences.</li>
<li><strong>Order details:</strong> products ordered, samples requested, delivery instructions and payment confirmations. Card details are handled by our payment provider; we do not see or store your full card number.</li>
<li><strong>Enquiries:</strong> messages, quote requests, drawings and photographs you send us.</li>
<li><strong>Technical data:</strong> IP address, browser type, pages viewed and basket contents, collected through cookies and similar technologies.</li>
</ul>
<h2>How we use it and our lawful bases</h2>
<table>
<tr><th>Purpose</th><th>Lawful basis</th></tr>
<tr><td>Processing orders, deliveries, returns and refunds; managing your account</td><td>Contract</td></tr>
<tr><td>Keeping accounting and VAT records</td><td>Legal obligation</td></tr>
<tr><td>Answering enquiries and preparing quotations</td><td>Contract (steps before entering a contract) or legitimate interests</td></tr>
<tr><td>Keeping the website secure, preventing fraud and improving our service</td><td>Legitimate interests</td></tr>
<tr><td>Sending our newsletter and marketing emails</td><td>Consent (or, for existing customers, soft opt-in under PECR)</td></tr>
<tr><td>Non-essential cookies, such as analytics</td><td>Consent</td></tr>
</table>
<p>Every marketing email contains an unsubscribe link, and you can withdraw your consent at any time.</p>
<h2>Who we share it with</h2>
<p>We share personal data only where necessary with: delivery companies and couriers; our payment provider; website hosting, email and IT service providers; our professional advisers; and HMRC or other authorities where the law requires. Our contact page displays a map supplied by a third-party map service, and our reviews page displays a third-party reviews widget; these providers may receive your IP address when those pages load. We never sell your data. If any provider processes data outside the UK, we make sure appropriate safeguards are in place, such as UK adequacy regulations or the International Data Transfer Agreement.</p>
<h2>How long we keep it</h2>
<ul>
<li>Order, invoice and payment records: six years from the end of the financial year in which the order was placed, to meet tax and accounting rules.</li>
<li>Customer accounts: until you delete your account, or three years after your last login, when we will delete it after telling you.</li>
<li>Enquiries and quotations that do not lead to an order: two years.</li>
<li>Newsletter subscriptions: until you unsubscribe.</li>
</ul>
<h2>Your rights</h2>
<p>You have the right to: access the personal data we hold about you; have inaccurate data corrected; have your data erased; restrict or object to our use of it, including for direct marketing; receive your data in a portable format; and withdraw consent at any time. We do not make decisions about you by automated means alone. To use any right, contact us as above. We will respond within one month and will not normally charge a fee.</p>
<h2>Cookies and your device</h2>
<p>We use essential cookies to keep you logged in and remember your basket. Analytics cookies are only set with your consent. If you tick <em>Remember me</em> when logging in, you stay signed in for longer on that device and your email address is remembered; your password is never stored in your browser. Please do not use this option on a shared or public computer.</p>
<h2>Complaints</h2>
<p>If you are unhappy with how we have handled your data, please tell us first so we can try to put it right. You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection, at ico.org.uk or on 0303 123 1113.</p>
<p>We may update this policy from time to time. The current version is always published on this page.</p>`,
  },
  {
    slug: 'terms-and-conditions',
    title: 'Terms & Conditions',
    html: `<h2>1. About us and these terms</h2>
<p>This website is operated by ${COMPANY_NAME}, a company registered in England and Wales under company number ${COMPANY_NUMBER}, with its registered office and showroom at ${ADDRESS_INLINE}. Our VAT number is ${VAT_NUMBER}. You can contact us on ${SHOP_PHONE} or at ${SHOP_EMAIL}.</p>
<p>These terms apply to every order you place with us. Please read them, together with our <a href="/delivery-information">delivery information</a>, <a href="/return-refund-policy">return and refund policy</a> and <a href="/privacy-policy">privacy policy</a>, before ordering. If you are buying as a consumer, you have legal rights that these terms do not affect.</p>
<h2>2. Your order and our contract</h2>
${TERMS_CONTRACT_HTML}
<h2>3. Products and natural variation</h2>
<p>Natural stone varies in colour, shade, veining, markings and texture, both within a batch and between batches. Photographs, descriptions and samples show typical examples and are not an exact match for every piece. Dimensions are nominal and are subject to the manufacturing tolerances normal for the product; tumbled, hand-made and riven stone vary more than calibrated tiles. Such natural characteristics do not make goods faulty.</p>
<p>You are responsible for measuring your project and checking that the products are suitable for the intended use. We recommend ordering 10% extra to allow for cuts and breakages. Our written advice is general guidance; your installer should follow current British Standards (including BS 5385) and the instructions of the adhesive, grout and sealer manufacturers.</p>
<h2>4. Prices and payment</h2>
${TERMS_PAYMENT_HTML}
<h2>5. Delivery and risk</h2>
<p>We aim to deliver within the time shown at checkout, normally 3-5 working days for stock items. Delivery is kerbside by pallet. The goods are your responsibility from the time they are delivered to the address you gave us, or collected from our showroom. Ownership passes to you when we have received payment in full. We are not responsible for delays caused by events outside our reasonable control, but we will let you know and keep the delay to a minimum.</p>
<h2>6. Checking your goods</h2>
<p>Please check your goods on arrival and report any damage, shortage or incorrect item within 48 hours. Inspect tiles before fixing and do not fix any tile you believe to be defective; contact us instead so we can resolve the problem before installation.</p>
<h2>7. Cancellations and returns</h2>
${TERMS_CANCEL_HTML}
<h2>8. Our liability</h2>
<p>If we fail to comply with these terms, we are responsible for loss or damage you suffer that is a foreseeable result of our breach or our negligence. We do not exclude or limit our liability where it would be unlawful to do so, including for death or personal injury caused by our negligence, for fraud, or for breach of your rights under the Consumer Rights Act 2015. If you are a consumer, we are not liable for business losses. If you are a business customer, our total liability is limited to the price of the goods concerned, and we are not liable for loss of profit, loss of business or indirect loss, or for installation and removal costs where defects were visible before fixing.</p>
<h2>9. Accounts</h2>
<p>You are responsible for keeping your account password secure. Tell us promptly if you believe someone else has used your account.</p>
<h2>10. General</h2>
<p>We may update these terms from time to time; the terms that apply to your order are those published when you placed it. If a court decides that any part of these terms is unenforceable, the rest remains in force. Nobody other than you and us has any rights under this contract.</p>
<p>These terms are governed by the laws of England and Wales. You can bring legal proceedings in the courts of England and Wales; if you live in Scotland or Northern Ireland, you can also bring proceedings in your local courts.</p>`,
  },
  {
    slug: 'contact-us',
    title: 'Contact Us',
    html: `<h2>Get in touch</h2>
<p>Whether you have a question about a product, need help working out quantities, want a quotation for a larger project or would like to check on an order, our team is here to help. Please have your order number to hand if your enquiry is about an existing order.</p>
<h3>Showroom and warehouse</h3>
<p><strong>${COMPANY_NAME}</strong>, ${ADDRESS_INLINE}</p>
<h3>Phone</h3>
<p>${SHOP_PHONE}</p>
<h3>Email</h3>
<p>${SHOP_EMAIL}</p>
<p>We aim to reply to all emails within one working day. For quotations, please include the product name, the approximate area in square metres and your delivery postcode; photographs or drawings of the space are very helpful.</p>
<h3>Opening hours</h3>
<ul>${HOURS_LIST}</ul>
<p>Saturday visits are available by appointment only. If you would like to see a particular stone or a large slab, please call ahead so we can have it ready for you.</p>
<h2>How to find us</h2>
<p>We are on Feeder Road in St Philip's Marsh, about ten minutes' walk from Bristol Temple Meads station. By car from the M32, follow signs for the city centre and Temple Meads, then take the A4320 St Philip's Causeway and turn off onto Feeder Road; Riverside Trading Estate is on the right, alongside the river. Unit 4 is at the far end of the estate, with free customer parking directly outside. Our loading bay has a forklift, so trade customers and anyone collecting an order can load vans and trailers on site.</p>
<h2>Before you visit</h2>
<ul>
<li>Bring measurements of your room and, if possible, photographs, so we can help with quantities and layouts.</li>
<li>If you are matching existing stone, bring a loose piece or a clear photograph taken in daylight.</li>
<li>Samples are available to take away. You can also order <a href="/samples">free samples and full size samples</a> online.</li>
</ul>
<h2>Other ways we can help</h2>
<p>For bespoke worktops, vanity tops, sills, hearths and other made-to-measure pieces, see our <a href="/custom-stonework">custom stonework</a> page. For larger residential and commercial projects, see <a href="/stone-project">stone projects</a>. Answers to common questions about delivery, damaged goods and natural variation are on our <a href="/faq">FAQ</a> page.</p>
<p>${COMPANY_NAME} is registered in England and Wales, company number ${COMPANY_NUMBER}. VAT number ${VAT_NUMBER}.</p>`,
  },
  {
    slug: 'sealing-and-maintenance',
    title: 'Sealing & Maintenance Advice',
    html: `<h2>Why stone needs sealing</h2>
<p>Most natural stone is porous to some degree. Limestone, travertine, sandstone and honed marble absorb liquids readily, while polished granite and dense slate absorb very little. Sealing does not make stone waterproof or stain-proof, but it slows absorption so that you have time to wipe up spills of oil, wine, coffee or grout before they soak in.</p>
<h2>Choosing a sealer</h2>
<p>We recommend an <strong>impregnating sealer</strong> (also called a penetrating sealer) for almost all internal stone. It soaks into the surface and lines the pores without leaving a film, so the stone still looks natural and can breathe. Choose:</p>
<ul>
<li>a <strong>natural-look</strong> impregnator to keep the stone's existing colour; or</li>
<li>a <strong>colour-enhancing</strong> impregnator to deepen the colour and give a subtle "wet look", popular on slate, honed black limestone and tumbled travertine.</li>
</ul>
<p>Avoid surface coatings and waxes on floors unless you specifically want a sheen; they wear unevenly, can trap moisture and need stripping before reapplication. You can find our sealers and cleaners in <a href="/collections/stone-collection/tiling-products">tiling products</a>.</p>
<h2>How to seal</h2>
<ol>
<li>Make sure the stone is clean and completely dry. After fixing, allow the adhesive to cure and moisture to evaporate; this usually takes at least 24-72 hours, longer in cold weather or on a new screed.</li>
<li>Apply a first coat of sealer before grouting (a pre-grout seal) on porous or light-coloured stone. This stops grout staining the surface and makes grout residue easier to remove.</li>
<li>Grout, clean off, and allow the grout to cure as the manufacturer directs.</li>
<li>Apply a second coat over the whole surface, including the grout joints, with a brush, lambswool applicator or lint-free cloth.</li>
<li>After the time the manufacturer specifies, usually 5-15 minutes, buff away all surplus sealer from the surface. Sealer left to dry on top leaves a sticky or hazy film.</li>
<li>Protect the floor from water and traffic for the curing time stated on the product, often 24 hours.</li>
</ol>
<p>To check the result, drip a little water onto the surface. If it beads and does not darken the stone after a few minutes, the seal is working. If it soaks in, apply another coat.</p>
<h2>Everyday cleaning</h2>
<ul>
<li>Sweep, vacuum or dust-mop floors regularly. Grit acts like sandpaper and dulls polished and honed finishes.</li>
<li>Wash with warm water and a <strong>pH-neutral stone cleaner</strong>. Rinse with clean water if the product requires it.</li>
<li>Use entrance mats, and felt pads under chair and table legs.</li>
<li>Wipe up spills promptly, especially oil, wine, fruit juice, tomato and coffee.</li>
<li>Do not use abrasive powders or scouring pads, and avoid steam cleaners unless your sealer manufacturer approves them.</li>
</ul>
<h2>Avoid acids on calcium-based stone</h2>
<p>Marble, limestone, travertine and onyx are made mostly of calcium carbonate, which reacts with acid. <strong>Never use vinegar, lemon juice, limescale removers, bleach-based bathroom sprays or general multi-surface cleaners</strong> on these stones. Acids etch the surface, leaving dull marks that sealing cannot prevent and that need professional honing to remove. Wipe up citrus juice, wine and fizzy drinks quickly. In showers, use a squeegee after each use to reduce limescale rather than removing it with acid products.</p>
<h2>How often to reseal</h2>
<table>
<tr><th>Area</th><th>Typical resealing interval</th></tr>
<tr><td>Kitchen floors, hallways, showers</td><td>Every 1-2 years</td></tr>
<tr><td>Bathroom floors and walls, living areas</td><td>Every 2-3 years</td></tr>
<tr><td>Low-traffic walls and splashbacks</td><td>Every 3-5 years</td></tr>
<tr><td>Outdoor paving</td><td>Every 2-3 years, or as the sealer specifies</td></tr>
</table>
<p>These are guidelines only. Repeat the water drop test once or twice a year; when water starts to darken the stone quickly, it is time to reseal. Clean thoroughly with a suitable stone cleaner and let the stone dry before applying fresh sealer.</p>`,
  },
  {
    slug: 'installation',
    title: 'Installation Guide',
    html: `<h2>Before you start</h2>
<p>Natural stone should be installed by a competent, experienced tiler following BS 5385 and the instructions of the adhesive and grout manufacturers. This guide summarises good practice; it does not replace the manufacturers' data sheets. Open several boxes and dry-lay tiles to blend colour and veining before fixing, and check every tile for defects. Never fix a tile you are not happy with.</p>
<h2>Preparing the substrate</h2>
<p>Stone must go onto a surface that is <strong>sound, rigid, flat, clean and dry</strong>. Any movement or deflection will crack stone tiles or grout.</p>
<ul>
<li><strong>Concrete and sand and cement screeds</strong> must be fully cured and dry. As a rule of thumb, allow one day per millimetre of thickness for the first 40mm. Remove any laitance and prime as the adhesive manufacturer recommends.</li>
<li><strong>Anhydrite (calcium sulphate) screeds</strong> must be dried to the moisture level the adhesive manufacturer specifies, sanded to remove laitance and primed with a compatible primer before tiling with cement-based adhesive.</li>
<li><strong>Timber floors</strong> must be stiffened and overboarded with cement-based tile backer boards or exterior-grade plywood of at least 15mm, screwed at close centres. Suspended timber floors are rarely rigid enough for stone on their own.</li>
<li><strong>Walls:</strong> gypsum plaster can carry a maximum of 20kg per square metre of tiles and adhesive, and plasterboard 32kg per square metre. Heavier stone should be fixed to cement backer board, render or masonry.</li>
<li><strong>Wet areas:</strong> showers and wet rooms need a tanking system applied before tiling.</li>
</ul>
<h2>Adhesive and bedding</h2>
<p>Use a cement-based, <strong>flexible S1 adhesive</strong> (classified C2 S1 to EN 12004), in white for light-coloured and translucent stone. See our <a href="/adhevise-grout-advise">adhesive and grout advice</a> for more detail.</p>
<ul>
<li>Apply adhesive with a notched trowel suited to the tile size, typically 10-12mm for floor tiles.</li>
<li><strong>Back-butter</strong> each tile with a thin, flat coat of adhesive. This improves contact and stops grey adhesive showing through pale stone.</li>
<li>Aim for a <strong>solid bed</strong> with no voids. Hollow spots under stone lead to cracked tiles and loose corners, especially on floors and outdoors. Lift a tile occasionally to check coverage.</li>
<li>Bed tiles with a firm twisting motion and tap down with a rubber mallet.</li>
</ul>
<h2>Levelling and layout</h2>
<p>Set out from the centre of the room or the main line of sight so cut tiles at the edges are even and no smaller than half a tile. Check levels constantly with a straight edge. A tile levelling clip system helps to minimise lippage on large-format and rectangular tiles. Keep grout joints consistent with spacers; see our joint width guide.</p>
<h2>Movement joints</h2>
<ul>
<li>Leave a perimeter gap of at least 5mm around the edges of floors and where floors meet walls, columns and fixed units. Hide it under skirting or fill it with a flexible sealant, not grout.</li>
<li>Carry any structural movement joints in the substrate through the tiling.</li>
<li>In large internal floors, include intermediate movement joints at intervals of around 8-10m, or closer if your adhesive manufacturer advises.</li>
<li>Use flexible silicone rather than grout at internal corners and where tiles meet baths, shower trays and worktops.</li>
</ul>
<h2>Underfloor heating</h2>
<p>Stone works very well with underfloor heating. Wet systems laid in screed must be commissioned before tiling, with the heat raised gradually and then switched off. Turn all heating off during fixing and leave it off until the adhesive and grout have cured, usually seven days for standard-setting products, then raise the temperature by no more than 2-3°C per day. Divide heated floors into bays of no more than around 40 square metres with movement joints. An uncoupling membrane is recommended over new screeds and timber.</p>
<h2>Cutting stone</h2>
<p>Cut stone with a <strong>wet saw</strong> fitted with a diamond blade suitable for the material. Water keeps the blade cool, gives a cleaner edge and suppresses dust. Use an angle grinder with a diamond blade for notches, and diamond core drills for holes, cutting from the face. Stone dust can contain respirable crystalline silica, so wear suitable respiratory protection, eye and ear protection, and work in a ventilated area.</p>
<h2>After fixing</h2>
<p>Clean adhesive off the face and out of the joints before it sets. Seal porous stone before grouting, then grout and apply a final seal as described in our <a href="/sealing-and-maintenance">sealing and maintenance advice</a>.</p>`,
  },
  {
    slug: 'reviews',
    title: 'Customer Reviews',
    html: `<h2>What our customers say</h2>
<p>We are proud of the stone we supply and the service we give, but we know that the most useful opinion comes from people who have already bought from us. That is why we invite every customer to leave an independent review after their order has been delivered.</p>
<p>The reviews on this page are collected and published by an independent review platform, not by us. Customers are asked to rate us on the quality of the stone, the accuracy of our product descriptions, our advice and communication, and the delivery experience. We publish all genuine reviews, whether they are glowing or critical, and we do not edit them or offer incentives for positive feedback.</p>
<h3>How we use your feedback</h3>
<p>We read every review. When something has gone well, we share it with the team members involved. When something has not gone as it should, we contact the customer to put it right and look at what we can change. Many of the improvements we have made, such as clearer delivery notifications and better packaging on our mosaic sheets, came directly from customer feedback.</p>
<h3>Leave a review</h3>
<p>If you have recently bought from us, you will receive an email inviting you to review your order a few days after delivery. We would be very grateful if you could spare a few minutes to tell other shoppers about your experience. Photographs of your finished floor, wall or worktop are especially welcome, as they show how stone looks in a real home.</p>
<p>If you have a problem with your order, please <a href="/contact-us">contact us</a> directly first so that we can help straight away.</p>`,
  },
  {
    slug: 'adhevise-grout-advise',
    title: 'Adhesive & Grout Advice',
    html: `<h2>Choosing the right adhesive</h2>
<p>The adhesive is as important as the stone. The wrong product can stain pale stone, warp moisture-sensitive tiles or fail under movement. For natural stone we recommend a cement-based, polymer-modified adhesive classified <strong>C2 S1</strong> to EN 12004: C2 means improved adhesion, and S1 means deformable (flexible), so it can accommodate small movements in the substrate and changes in temperature.</p>
<h3>White or grey?</h3>
<p>Use a <strong>white adhesive</strong> for white and light-coloured marble, limestone, onyx and any thin or translucent stone. Grey adhesive can show through pale stone as dark patches or shadowing, particularly where there are small voids in the bed. Grey adhesive is fine for dark stone such as slate, black limestone and most granites.</p>
<h3>Rapid-set adhesives</h3>
<p>Some stones are sensitive to moisture. Many green marbles, some black and white marbles and certain limestones can curl, warp or stain if they absorb water from a slow-setting adhesive. A <strong>rapid-setting</strong> adhesive locks up the water quickly and reduces this risk. Rapid-set adhesives also allow grouting within a few hours, which is useful for kitchens and bathrooms that need to be back in use quickly. For the most sensitive stones, a reactive (epoxy or polyurethane) adhesive may be required; ask us if you are unsure.</p>
<h3>Coverage</h3>
<p>Always aim for a solid bed. As a guide, a 10mm notched trowel uses around 4kg of powder adhesive per square metre and a 12mm trowel around 5kg, plus about 1kg per square metre for back-buttering. Uneven or hand-made tiles need more.</p>
<h2>Grout joints</h2>
<p>Stone tiles should always be laid with a grout joint. Tight or butt joints leave no room for the small dimensional differences between tiles or for movement, and they lead to chipped edges.</p>
<table>
<tr><th>Tile type</th><th>Suggested joint width</th></tr>
<tr><td>Calibrated polished or honed tiles, walls</td><td>2mm</td></tr>
<tr><td>Calibrated polished or honed tiles, floors</td><td>2-3mm</td></tr>
<tr><td>Mosaics on mesh sheets</td><td>Match the joint on the sheet, usually 2mm</td></tr>
<tr><td>Tumbled and brushed tiles</td><td>3-5mm</td></tr>
<tr><td>Hand-made, riven and rustic stone</td><td>5-10mm</td></tr>
<tr><td>Outdoor paving</td><td>8-15mm</td></tr>
</table>
<h3>Choosing a grout</h3>
<p>Use a flexible cement-based grout suitable for natural stone. Choose a colour close to the stone for a seamless look, or one shade darker on floors to hide everyday wear. Highly contrasting grouts, such as dark grout on pale marble, may stain the edges of porous stone. Fine-textured grouts suit narrow joints on polished stone. Test your grout on a spare tile first.</p>
<h3>How much grout?</h3>
<p>A useful formula for cement-based grout is: (tile length + tile width) divided by (tile length x tile width), multiplied by joint width, joint depth and 1.6. Working in millimetres, the answer is in kilograms per square metre. For example, 300 x 300 x 10mm tiles with 3mm joints need about 0.32kg per square metre.</p>
<h2>Seal before grouting</h2>
<p>On porous and light-coloured stone, apply a coat of impregnating sealer <strong>before grouting</strong>, once the adhesive has cured and the tiles are dry. The sealer stops grout pigment soaking into the surface and makes grout haze much easier to clean. Work grout in diagonally across the joints with a rubber float, remove surplus promptly with a damp sponge, and polish off any remaining haze with a dry cloth. Never use acid-based grout haze removers on marble, limestone or travertine. After the grout has cured, apply a final coat of sealer over the whole surface. Full instructions are in our <a href="/sealing-and-maintenance">sealing and maintenance advice</a>.</p>`,
  },
  {
    slug: 'samples',
    title: 'Samples',
    html: `<h2>See and feel the stone before you buy</h2>
<p>Natural stone varies in colour, veining and texture, and a screen can only show so much. Seeing a sample in your own home, in your own light, next to your cabinets, paint and flooring, is the best way to choose. We offer two kinds of sample.</p>
<h3>Free samples</h3>
<p>Most of our tiles are available as a <strong>free sample</strong>: a small cut piece, typically around 100 x 100mm, showing the colour and finish of the stone. Free samples are sent by post or courier at no charge. Add them from a product card using the <em>Add Sample</em> button, or choose the free sample option in the size list on the product page. How many you can order, and how they travel, is set out in the free sample rules below. If a sample is not currently available, the button will say so.</p>
<h3>Full size samples</h3>
<p>A <strong>full size sample</strong> is a complete tile in the size you are considering. It shows the true scale of the veining and the movement across a whole tile, and it is especially useful for large-format tiles, patterned stone such as <a href="/collections/design-pattern-collection/herringbone-tiles">herringbone</a> or <a href="/collections/design-pattern-collection/chequerboard-tiles">chequerboard</a>, and for checking how a tile sits with a threshold or skirting. Full size samples are charged per item at the price shown in the size list, and delivery costs are confirmed at checkout.</p>
<h2>What to expect from a sample</h2>
<p>A sample is a genuine piece of the stone we sell, but it is only one piece. Tiles in your order will vary from it in colour, shade and veining, because every piece of natural stone is different and stock may come from a different batch. To see more of the variation:</p>
<ul>
<li>order a full size sample as well as a free cut sample;</li>
<li>visit our Bristol showroom, where we can show you several tiles from the current batch; or</li>
<li><a href="/contact-us">ask us</a> to send photographs of the stock that is currently in our warehouse.</li>
</ul>
<h2>Tips for judging a sample</h2>
<ul>
<li>Look at it in daylight and in artificial light, at different times of day.</li>
<li>Place it on the floor or wall where it will be used, not on a table.</li>
<li>Wet the surface to get an idea of how it might look with a colour-enhancing sealer, or in a shower.</li>
<li>Try a drop of cooking oil on the back to see how absorbent the stone is, which tells you how important sealing will be.</li>
</ul>
<h2>Delivery of samples</h2>
<p>Samples are usually dispatched within 1-2 working days and delivered by post or courier. Free samples are yours to keep. When you are ready to order, remember to add around 10% extra to allow for cuts and breakages, and see our <a href="/delivery-information">delivery information</a> for delivery times and costs.</p>
<p>Browse <a href="/stone-collection/all-products">all products</a> and use <em>Add Sample</em> on any card to order free samples, or open a product to choose a full size sample from its size list. <a href="/collections">All collections</a> are a good place to start choosing.</p>`,
  },
  {
    slug: 'custom-stonework',
    title: 'Custom Stonework',
    html: `<h2>Made to measure in natural stone</h2>
<p>Alongside our tiles, we cut and finish natural stone to your measurements. From a single window sill to a full kitchen of worktops, our custom stonework service lets you use the same marble, limestone, granite, quartzite or slate throughout your home.</p>
<h3>What we make</h3>
<ul>
<li><strong>Kitchen worktops and islands</strong>, with cut-outs for undermount and inset sinks and hobs.</li>
<li><strong>Vanity tops</strong> for bathrooms, with basin cut-outs and tap holes.</li>
<li><strong>Window sills and thresholds</strong>, with drip grooves for external sills.</li>
<li><strong>Hearths</strong> for fireplaces and wood-burning stoves.</li>
<li><strong>Table tops</strong> for dining, coffee and outdoor tables.</li>
<li><strong>Mouldings and skirtings</strong>, including pencil, dado and bullnose profiles to match your tiles.</li>
<li><strong>Tiles cut to size</strong>, for when our standard sizes do not suit your room.</li>
<li><strong>Stone sinks and basins</strong>, and shower trays cut from a single piece.</li>
</ul>
<h3>Edge profiles and finishes</h3>
<p>We offer square (arrised) edges, pencil-round, half and full bullnose, bevelled and ogee profiles, in polished, honed, brushed or leathered finishes depending on the stone. Ask us for an edge sample if you are unsure.</p>
<h2>How it works</h2>
<ol>
<li><strong>Enquiry.</strong> Send us your measurements or drawings, the stone you are interested in, and your postcode using our <a href="/contact">quote form</a>, or call ${SHOP_PHONE}.</li>
<li><strong>Quotation.</strong> We send a written quotation with a drawing, the price including VAT, and an estimated lead time.</li>
<li><strong>Choosing your slab.</strong> For worktops and larger pieces, you are welcome to view and reserve your slab at our showroom, or we will send photographs.</li>
<li><strong>Templating.</strong> For worktops, we template on site once base units are fixed and level. For smaller items, accurate measurements are usually enough.</li>
<li><strong>Production.</strong> Once you have approved the final drawing and paid the deposit stated on your quotation, we cut and finish your stone. Typical lead times are 2-3 weeks from approval, depending on the stone and the complexity.</li>
<li><strong>Delivery or installation.</strong> Pieces are delivered on A-frames or crates, or installed by our fitting team in our local area.</li>
</ol>
<h2>Things to know</h2>
<ul>
<li>Because bespoke pieces are made to your specification, they cannot be cancelled or returned once production has started. This does not affect your rights if an item is faulty. See our <a href="/return-refund-policy">return and refund policy</a>.</li>
<li>Each slab is unique. Veining and colour will differ from the photographs and samples, and joins between pieces will show.</li>
<li>Please check your measurements carefully. We cut to the dimensions on the approved drawing.</li>
</ul>
<p>Browse our <a href="/collections/slabs">stone slabs</a> for ideas, or <a href="/contact-us">contact us</a> to talk through your project.</p>`,
  },
  {
    slug: 'stone-project',
    title: 'Stone Projects',
    html: `<h2>Planning a larger project?</h2>
<p>From a complete house renovation to a hotel, restaurant or a run of new-build homes, larger projects need more than a shopping basket. Our projects team works with homeowners, architects, interior designers, developers and contractors to supply natural stone on time, from consistent stock, with the advice and documentation you need.</p>
<h3>What we offer</h3>
<ul>
<li><strong>Project quotations</strong> with pricing for larger quantities, covering tiles, slabs, mouldings, fixing and care products.</li>
<li><strong>Batch control.</strong> We supply from a single batch wherever possible and can reserve stock for phased projects, so the stone on the top floor matches the stone on the ground floor.</li>
<li><strong>Sample boards and full size samples</strong> for client presentations and design approvals.</li>
<li><strong>Technical information</strong>, including finishes, tolerances, and slip resistance and water absorption data where available.</li>
<li><strong>Scheduled deliveries</strong> timed to your programme, with timed delivery slots where site access is limited.</li>
<li><strong>Bespoke fabrication</strong> of worktops, vanity tops, sills, steps and cladding through our <a href="/custom-stonework">custom stonework</a> service.</li>
</ul>
<h2>Recent projects</h2>
<h3>Victorian hallway, Clifton</h3>
<p>A restored black and white chequerboard hallway in polished marble, with matching honed marble thresholds cut to size. We reserved the tiles from one batch of black marble to keep the colour consistent across a long, narrow space.</p>
<h3>Farmhouse kitchen, Cotswolds</h3>
<p>Around 70 square metres of tumbled limestone flooring over underfloor heating, running from the kitchen into a garden room, with a honed limestone worktop and matching window sills.</p>
<h3>Boutique hotel bathrooms, Cardiff</h3>
<p>Twelve en-suite bathrooms in honed white marble with herringbone mosaic shower floors, supplied in three phases over five months from stock reserved at the start of the project.</p>
<h2>How to start</h2>
<ol>
<li>Send us your drawings, schedule of finishes or a list of areas and approximate quantities, via our <a href="/contact">quote form</a> or by email to ${SHOP_EMAIL}.</li>
<li>We will recommend suitable stones and finishes, send samples, and prepare a quotation.</li>
<li>Once you approve the stone, we confirm the batch and agree a delivery schedule with you.</li>
</ol>
<p>Remember to allow 10% extra for cuts and breakages, and 15% for herringbone and diagonal layouts. Keeping a few spare boxes from the same batch makes future repairs far easier.</p>
<p>You are also welcome to visit our Bristol showroom, Monday to Friday from 9:00am to 5:30pm or on Saturdays by appointment, to see stone at full scale. <a href="/contact-us">Contact us</a> to arrange a meeting with our projects team.</p>`,
  },
  COMPLAINTS_PAGE,
];
